// Where the office and continuity read other lanes, in one place:
//   outreachState, outreachRepliesFor  <- lib/outreach/office.ts (outreach lane)
//   outreachProblems                   <- lib/outreach/health.ts (outreach lane)
//   showOfficeGroup, showDraftsRetired <- lib/show/office.ts     (Show lane)
//   mirrorCountsFor                    <- lib/mirror/counts.ts   (mirror lane; counts only, no outside text)
export { OFFICE_OUTREACH_REPLIES, outreachRepliesFor, outreachState } from '../outreach/office.ts';
export { outreachProblems } from '../outreach/health.ts';
export { showDraftsRetired, showOfficeGroup } from '../show/office.ts';
export { mirrorCountsFor } from '../mirror/counts.ts';
