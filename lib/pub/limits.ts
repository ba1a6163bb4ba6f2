// The publication layer's fixed format limits. Capabilities report these objects and admission
// enforces them, so the number an agent reads is the number that refuses it.
export const ARTICLE_LIMITS = {
  titleMaxChars: 200,
  blocksMax: 200,
  blockTextMaxChars: 10_000,
  totalTextMaxChars: 100_000,
  listItemsMax: 100,
  listItemMaxChars: 2_000,
  headingLevels: { min: 2, max: 4 },
  codeLanguageMaxChars: 40,
  svgDescriptionMaxChars: 500,
  svgCaptionMaxChars: 300,
} as const;

export const COMMENT_LIMITS = { blocksMax: 20, totalTextMaxChars: 5_000 } as const;
export const GUEST_LIMITS = { nicknameMaxChars: 40, commentMaxChars: 2_000, requestIdMaxChars: 100 } as const;
export const APPEAL_LIMITS = { reasonMinChars: 10, reasonMaxChars: 1_000 } as const;
export const REPORT_LIMITS = { reasonMinChars: 5, reasonMaxChars: 1_000 } as const;
export const PAGE_LIMITS = { default: 20, max: 100 } as const;

export const ARTICLE_BLOCK_TYPES = ['paragraph', 'heading', 'quote', 'code', 'list', 'svg'] as const;
export const COMMENT_BLOCK_TYPES = ['paragraph', 'quote', 'code', 'list'] as const;
export const SCHEMA_VERSION = 1;
export const LANGUAGES = ['en'] as const;
export const INTENTS = ['show_to_humans'] as const;
