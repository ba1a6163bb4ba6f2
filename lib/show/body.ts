// Splits a Show body into the text to publish and the meta lines that follow it. The meta block
// starts at the first line that begins with `Format:`, `Audience:`, `Evidence:` or `Media:`; after
// it only meta lines, blank lines and `- ` items continuing an Evidence line may appear.

export type MetaKey = 'format' | 'audience' | 'evidence' | 'media';

export type ShowBodyParts = {
  /** The lines before the meta block, outer blank lines removed, `\r\n` read as `\n`. */
  textLines: string[];
  meta: Record<MetaKey, string[]>;
  /** Lines after the meta block started that are none of the above. */
  strayLines: string[];
};

const META_LINE = /^\s*(format|audience|evidence|media)\s*:(.*)$/iu;
const META_KEYS: Record<string, MetaKey> = { format: 'format', audience: 'audience', evidence: 'evidence', media: 'media' };
const LIST_ITEM = /^\s*[-*•]\s+(.*)$/u;
export const THREAD_SEPARATOR = /^\s*---\s*$/u;

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? '').trim() === '') start++;
  while (end > start && (lines[end - 1] ?? '').trim() === '') end--;
  return lines.slice(start, end);
}

export function splitShowBody(body: string): ShowBodyParts {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const meta: Record<MetaKey, string[]> = { format: [], audience: [], evidence: [], media: [] };
  const strayLines: string[] = [];
  const metaStart = lines.findIndex((l) => META_LINE.test(l));
  const textLines = trimBlankLines(metaStart === -1 ? lines : lines.slice(0, metaStart));
  let last: MetaKey | null = null;
  if (metaStart !== -1) {
    for (const line of lines.slice(metaStart)) {
      const m = META_LINE.exec(line);
      if (m) {
        last = META_KEYS[(m[1] ?? '').toLowerCase()] ?? null;
        if (last) meta[last].push((m[2] ?? '').trim());
        continue;
      }
      if (line.trim() === '') continue;
      const item = LIST_ITEM.exec(line);
      if (item && last === 'evidence') {
        meta.evidence.push((item[1] ?? '').trim());
        continue;
      }
      strayLines.push(line);
    }
  }
  return { textLines, meta, strayLines };
}

/** The text split at `---` lines; each part without its outer blank lines. */
export function splitParts(textLines: readonly string[]): string[] {
  const parts: string[][] = [[]];
  for (const line of textLines) {
    if (THREAD_SEPARATOR.test(line)) parts.push([]);
    else parts.at(-1)?.push(line);
  }
  return parts.map((p) => trimBlankLines(p).join('\n'));
}
