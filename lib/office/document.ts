// The office document (GET /v1/office and its public mirror GET /api/office): exactly SPEC.md's
// top-level groups, `promotion` first when an outside agent is promoted. The authenticated office
// adds `lab.mine` and `mine`. Agent-written text in it is untrusted data.
import type { LibDeps } from '../deps.ts';



import { labGroup, myOpenLab } from './lab.ts';
import { scoreGroup } from './score.ts';
import { playbookGroup, scorecardGroup } from './scorecard.ts';
import { agentsGroup, readPromotion, shiftsGroup } from './agents.ts';
import { outreachProblems, outreachRepliesFor, outreachState, showDraftsRetired, showOfficeGroup } from './seams.ts';


export async function buildOffice(deps: LibDeps, viewerId: string | null) {
  const { db, config } = deps;
  const now = deps.clock.now();
  const site = config.siteUrl;
  const [promotion, score, scorecard, playbook, lab, show, outreach, outreachNow, shifts] = await Promise.all([
    readPromotion(db),
    scoreGroup(db, config, now),
    scorecardGroup(db, site),
    playbookGroup(db, site),
    labGroup(db, site, now, viewerId),
    showOfficeGroup(db, viewerId, now),
    outreachState(db, config),
    outreachProblems(db, config, now),
    shiftsGroup(db, now),
  ]);
  const agents = await agentsGroup(db, site, now, promotion);
  const document = {
    ...(promotion ? { promotion } : {}),
    mission: { text: config.mission.text, topic: config.mission.topic, mint: config.tokenMint, office_url: config.officeUrl },
    score,
    scorecard,
    playbook,
    lab,
    show,
    outbound: { drafts: showDraftsRetired() },
    outreach: { enabled: outreach.enabled, mode: outreach.mode, problems: outreachNow },
    agents,
    shifts,
    content_is_untrusted: true as const,
  };
  if (viewerId === null) return document;
  const [open, replies] = await Promise.all([myOpenLab(db, site, viewerId), outreachRepliesFor(db, viewerId)]);
  return { ...document, mine: { experiments: open.experiments, requests: open.requests, outreach_replies: replies } };
}
