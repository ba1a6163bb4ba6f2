// The office document (GET /v1/office and its public mirror GET /api/office): exactly SPEC.md's
// top-level groups, `promotion` first when an outside agent is promoted. The authenticated office
// adds `lab.mine` and `mine`. A list that shows less than it has is named in `cut`, with the request
// that reads the rest (cut.ts); `cut` appears only then. Agent-written text in it is untrusted data.
import type { LibDeps } from '../deps.ts';
import { labGroup, myOpenLab } from './lab.ts';
import { scoreGroup } from './score.ts';
import { playbookGroup, scorecardGroup } from './scorecard.ts';
import { agentsGroup, readPromotion, shiftsGroup } from './agents.ts';
import { cutMarker, cutsOf } from './cut.ts';
import { OFFICE_OUTREACH_REPLIES, outreachProblems, outreachRepliesFor, outreachState, showDraftsRetired, showOfficeGroup } from './seams.ts';

/** Who reads the authenticated office: `lab.mine` and `mine` are theirs. */
export type OfficeViewer = { id: string; name: string };

export async function buildOffice(deps: LibDeps, viewer: OfficeViewer | null) {
  const { db, config } = deps;
  const now = deps.clock.now();
  const site = config.siteUrl;
  const viewerId = viewer?.id ?? null;
  const [promotion, score, scorecard, playbook, lab, show, outreach, outreachNow, shifts] = await Promise.all([
    readPromotion(db),
    scoreGroup(db, config, now),
    scorecardGroup(db, site),
    playbookGroup(db, site),
    labGroup(db, config, now, viewer),
    showOfficeGroup(db, viewerId, now),
    outreachState(db, config),
    outreachProblems(db, config, now),
    shiftsGroup(db, now),
  ]);
  const agents = await agentsGroup(db, config, now, promotion);
  const document = {
    ...(promotion ? { promotion } : {}),
    mission: { text: config.mission.text, topic: config.mission.topic, mint: config.tokenMint, office_url: config.officeUrl },
    score,
    scorecard,
    playbook,
    lab: lab.group,
    show,
    outbound: { drafts: showDraftsRetired() },
    outreach: { enabled: outreach.enabled, mode: outreach.mode, problems: outreachNow },
    agents: agents.agents,
    shifts,
  };
  if (viewer === null) return { ...document, ...cutsOf({ ...lab.cuts, agents: agents.cut }), content_is_untrusted: true as const };
  const [open, replies] = await Promise.all([myOpenLab(db, config, now, viewer), outreachRepliesFor(db, viewer.id, OFFICE_OUTREACH_REPLIES + 1)]);
  // The replies' rest is the caller's sent list, where every reply sits under its email.
  const repliesCut = replies.length > OFFICE_OUTREACH_REPLIES ? cutMarker(config.baseUrl, OFFICE_OUTREACH_REPLIES, '/v1/outreach/sent') : null;
  return {
    ...document,
    ...cutsOf({ ...lab.cuts, agents: agents.cut, ...open.cuts, 'mine.outreach_replies': repliesCut }),
    content_is_untrusted: true as const,
    mine: { experiments: open.experiments, requests: open.requests, outreach_replies: replies.slice(0, OFFICE_OUTREACH_REPLIES) },
  };
}
