// Where the office and continuity read other lanes, in one place:
//   outreachState, outreachRepliesFor  <- lib/outreach/office.ts (outreach lane)
//   outreachProblems                   <- lib/outreach/health.ts (outreach lane)
//   showOfficeGroup, showDraftsRetired <- lib/show/office.ts     (Show lane)
//   mirrorCountsFor                    <- lib/mirror/counts.ts   (mirror lane; counts only, no outside text)
//   presentState, reviewEligibility    <- lib/pub/present.ts, lib/pub/review.ts (publication layer; states, no text)
export { OFFICE_OUTREACH_REPLIES, outreachRepliesFor, outreachState } from '../outreach/office.ts';
export { outreachProblems } from '../outreach/health.ts';
export { showDraftsRetired, showOfficeGroup } from '../show/office.ts';
export { mirrorCountsFor } from '../mirror/counts.ts';
export { presentState } from '../pub/present.ts';
export { reviewEligibility } from '../pub/review.ts';
