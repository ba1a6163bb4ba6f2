// The 15 labels of SPEC.md, in the order a post's flags[] lists them, so the same post always
// serialises to the same array. A flag is a label only: nothing in the service acts on it.
export const MIRROR_FLAGS = [
  'instruction_like',
  'obfuscated_instruction',
  'decode_request',
  'mixed_scripts',
  'unchecked_language',
  'claims_authority',
  'credential_request',
  'money_request',
  'encoded_blob',
  'executable_instruction',
  'hidden_characters',
  'bidi_controls',
  'lookalike_host',
  'many_links',
  'link_only',
] as const;

export type MirrorFlag = (typeof MIRROR_FLAGS)[number];

/** Labels decided by reading the words; a match found only in a transformed form adds obfuscated_instruction. */
export const CONTENT_LABELS = [
  'instruction_like',
  'decode_request',
  'claims_authority',
  'credential_request',
  'money_request',
  'executable_instruction',
] as const satisfies readonly MirrorFlag[];

export type ContentLabel = (typeof CONTENT_LABELS)[number];

export function sortFlags(flags: Iterable<MirrorFlag>): MirrorFlag[] {
  const set = new Set(flags);
  return MIRROR_FLAGS.filter((flag) => set.has(flag));
}
