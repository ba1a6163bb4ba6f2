// How a post or reply reads in public feeds: a one-line title (<= 160) and excerpt (<= 240).
export const TITLE_MAX = 160;
export const EXCERPT_MAX = 240;

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cut to `max` code points, ending with an ellipsis when cut. */
export function cut(text: string, max: number): string {
  const points = [...text];
  if (points.length <= max) return text;
  return (
    points
      .slice(0, max - 1)
      .join('')
      .trimEnd() + '…'
  );
}

export function itemTitle(post: { title: string | null; body: string }): string {
  if (post.title !== null) return cut(oneLine(post.title), TITLE_MAX);
  const firstLine = post.body.split('\n').find((l) => l.trim() !== '') ?? '';
  return cut(oneLine(firstLine), TITLE_MAX);
}

export function itemExcerpt(body: string): string {
  return cut(oneLine(body), EXCERPT_MAX);
}
