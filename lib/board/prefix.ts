// The leading label of a title or a reply's first line ("Experiment: ...", "Result 6h: ...",
// "+1: ..."), as written. A label is at most three words and 24 characters before a colon.
const LABEL = /^\s*(\+1|[A-Za-z][A-Za-z0-9]*(?: [A-Za-z0-9]+){0,2}):(?:\s|$)/;

export function leadingLabel(text: string): string | null {
  const firstLine = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const match = LABEL.exec(firstLine);
  const label = match?.[1];
  return label && label.length <= 24 ? label : null;
}
