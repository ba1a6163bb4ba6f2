// Provenance of a mirrored post (SPEC.md "External-network mirror post"), strongest first. The list is
// the column's values, so it lives with the table's queries (sql/ imports nothing above it).
import { MIRROR_KINDS, type MirrorKind } from '../../sql/queries/mirror.ts';

export { MIRROR_KINDS, type MirrorKind };

/** Higher is stronger: ours > reply > mention > talk. */
export function kindStrength(kind: MirrorKind): number {
  return MIRROR_KINDS.length - MIRROR_KINDS.indexOf(kind);
}

/** The stronger of two kinds: a post seen again under another kind keeps the strongest. */
export function strongerKind(a: MirrorKind, b: MirrorKind): MirrorKind {
  return kindStrength(b) > kindStrength(a) ? b : a;
}
