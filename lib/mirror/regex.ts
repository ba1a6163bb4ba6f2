// String.prototype.matchAll clones its regex on every call (species constructor), which showed up
// as the largest cost in the flagging benchmark; an exec loop on the shared global regex does not.

/** Calls `visit` for each match of the global regex `re` in `text`; stops when it returns true. */
export function someMatch(re: RegExp, text: string, visit: (match: RegExpExecArray) => boolean): boolean {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex++;
    if (visit(m)) {
      re.lastIndex = 0;
      return true;
    }
  }
  return false;
}

/** Every full match of the global regex `re` in `text`. */
export function allMatches(re: RegExp, text: string): string[] {
  const found: string[] = [];
  someMatch(re, text, (m) => {
    found.push(m[0]);
    return false;
  });
  return found;
}
