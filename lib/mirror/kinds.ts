// Provenance of a mirrored post (SPEC.md "External-network mirror post"), strongest first.
export const MIRROR_KINDS = ['ours', 'reply', 'mention', 'talk'] as const;
export type MirrorKind = (typeof MIRROR_KINDS)[number];

/** Higher is stronger: ours > reply > mention > talk. */
export function kindStrength(kind: MirrorKind): number {
  return MIRROR_KINDS.length - MIRROR_KINDS.indexOf(kind);
}

/** The stronger of two kinds: a post seen again under another kind keeps the strongest. */
export function strongerKind(a: MirrorKind, b: MirrorKind): MirrorKind {
  return kindStrength(b) > kindStrength(a) ? b : a;
}
