// The X API v2 returns post text with `&`, `<` and `>` escaped as `&amp;`, `&lt;`, `&gt;`. That
// escaping is the network's, not the author's, so it is undone exactly once on intake, before
// anything else: one left-to-right pass, so "&amp;lt;" becomes the author's literal "&lt;" (which
// the HTML-entity decoder may later read as a transformed form) and never "<".
const NETWORK_ENTITY = /&(amp|lt|gt);/g;
const CHAR: Record<string, string> = { amp: '&', lt: '<', gt: '>' };

export function undoNetworkEscaping(text: string): string {
  return text.replace(NETWORK_ENTITY, (_match: string, name: string) => CHAR[name] ?? _match);
}
