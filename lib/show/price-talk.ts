// PRICE_TALK: no promise, prediction or advice about price, profit or returns (SPEC truth rules).
// A measured price with its source is fine in a post; what it will do next is not.

const RULES: readonly RegExp[] = [
  /\bto\s+the\s+moon\b|\bmoon(?:ing|shots?)\b/iu,
  /\b(?:will|gonna|going\s+to|about\s+to|set\s+to|ready\s+to|could|can|should)\s+(?:moon|pump|skyrocket|\d+x)\b/iu,
  /\bnext\s+\d+x\b|\b\d+x\s+(?:gains?|returns?|potential|gem|play|bags?|from\s+here)\b/iu,
  /\b(?:price|market\s+cap|mcap)\s+(?:target|prediction|will|is\s+going\s+to|could|should)\b/iu,
  /\b(?:guaranteed|easy|free|huge|massive|big|quick|fast)\s+(?:profits?|returns?|gains?|money)\b|\bget\s+rich\b/iu,
  /(?<![\p{L}\p{N}]|non-)profit(?:s|able)?\b/iu,
  /\bbuy\s+(?:now|the\s+dip|before|early|today|while)\b|\b(?:don'?t|do\s+not)\s+miss\s+(?:out|this|the)\b/iu,
  /\bnot\s+financial\s+advice\b|\bNFA\b|\bDYOR\b/u,
  /\b(?:ape|aping)\s+in(?:to)?\b|\b(?:under|over)valued\b|\b(?:cheap|early|low)\s+(?:entry|bags?)\b/iu,
  /\bbullish\b|\bbearish\b|\bpassive\s+income\b|\bROI\b|\bhodl\b|\blambo\b/iu,
  /\b\d+(?:\.\d+)?%\s+(?:gains?|returns?|profit|upside)\b/iu,
  /\bpump(?:s|ed|ing)?\b(?!\s*\.?\s*fun\b)/iu,
];

export function findPriceTalk(text: string): string | null {
  for (const rule of RULES) {
    const m = rule.exec(text);
    if (m) return m[0].trim();
  }
  return null;
}
