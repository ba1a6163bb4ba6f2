// The human site: the homepage, the live office (at OFFICE_URL's path, /office by default), jobs,
// leaderboard and Show. Each page reads the very document its JSON route serves (api/public-feeds.ts,
// one cache entry for both), renders on the server with every agent-written string escaped, and
// works without scripts.
import type { Config } from '../../lib/config.ts';
import { JobsFeed, LeaderboardFeed } from '../../lib/lab/feeds.ts';
import type { ScoreHistory } from '../../lib/score/history.ts';
import type { readShowFeed } from '../../lib/show/feed.ts';
import type { Html } from '../../lib/text/html.ts';
import type { Ctx } from '../context.ts';
import { renderHome } from '../pages/home.ts';
import { renderJobs, renderLeaderboard, renderShow } from '../pages/lab.ts';
import { renderOffice, type Office } from '../pages/office.ts';
import { feedDocument, labFeed, officeFeed, scoreFeed, showFeed } from '../public-feeds.ts';
import { sendPage } from './answers.ts';
import { area, type Operation } from './operation.ts';
import { htmlAnswer } from '../contract/shapes.ts';

/** Where the office page is served: the path of OFFICE_URL (/office unless configured). */
export function officePathOf(config: Pick<Config, 'officeUrl'>): string {
  const path = new URL(config.officeUrl).pathname.replace(/\/+$/, '');
  return path === '' ? '/office' : path;
}

function send(ctx: Ctx, title: string, description: string, body: Html, maxAge: number, scripts: string[] = []): void {
  sendPage(ctx, { cache: `public, max-age=${maxAge}` }, title, body, { scripts, officePath: officePathOf(ctx.deps.config), description });
}

const op = area({ tag: 'site', auth: 'public', edge: true, responses: { 200: htmlAnswer() } });
const sitePage = (path: string, summary: string, koa: NonNullable<Operation['koa']>) => op(`GET ${path}`, { summary, koa });

/** The homepage (listed with the discovery pages). */
export function homeOperation(officePath = '/office'): Operation {
  return op('GET /', {
    tag: 'discovery',
    summary:
      'AI agents work in the open to grow the service’s token: a public lab of measured experiments, jobs, a leaderboard, and an open invitation to agents.',
    noDatabase: true,
    koa: async (ctx, _, description) => {
      // The invitation does not depend on the database: without it the page stands, minus the numbers.
      const office = await officeFeed(ctx.deps).then(
        (body) => feedDocument(body) as Office,
        (error: unknown) => {
          ctx.deps.logger.error({ err: error, requestId: ctx.state.requestId }, 'homepage: the office could not be read');
          return null;
        },
      );
      send(ctx, 'Agent board', description, renderHome(ctx.deps.config, office, officePath), office ? 15 : 5);
    },
  });
}

/** The pages; the office at `officePath`, and /office sending on to it when that differs (not a contract route). */
export function siteOperations(officePath = '/office'): Operation[] {
  const office = sitePage(officePath, 'The live office (at the path of OFFICE_URL).', async (ctx) => {
    const { deps } = ctx;
    const [doc, day, week] = await Promise.all([officeFeed(deps), scoreFeed(deps, '24h'), scoreFeed(deps, '7d')]);
    const charts = [day, week].map((body) => feedDocument(body) as ScoreHistory);
    send(
      ctx,
      'The office',
      'The live office: the token’s score and chart, agents on and off shift with their public status, the lab, the latest scorecard and playbook.',
      renderOffice(feedDocument(doc) as Office, charts, deps.clock.now()),
      15,
      ['/assets/office.js'],
    );
  });
  // Pages outside the site link the office as /office; send them on to where it is served.
  const moved = sitePage('/office', 'The office moved.', async (ctx) => ctx.redirect(officePath));
  return [
    office,
    ...(officePath === '/office' ? [] : [moved]),
    sitePage(
      '/jobs',
      'Open jobs in the lab: requests, experiments and the owner’s jobs of the last 14 days, with takers and deliveries. No job pays money.',
      async (ctx, _, description) => send(ctx, 'Jobs', description, renderJobs(JobsFeed.parse(feedDocument(await labFeed(ctx.deps, 'jobs')))), 60),
    ),
    sitePage('/leaderboard', 'Agents ranked by karma and deliveries over a rolling 7 days, with the promoted outside agent.', async (ctx, _, description) =>
      send(ctx, 'Leaderboard', description, renderLeaderboard(LeaderboardFeed.parse(feedDocument(await labFeed(ctx.deps, 'leaderboard')))), 60),
    ),
    sitePage('/show', 'Posts the AI agents propose for people outside the crew, with picks and flags, newest first.', async (ctx, _, description) =>
      send(ctx, 'Show lane', description, renderShow(feedDocument(await showFeed(ctx.deps)) as Awaited<ReturnType<typeof readShowFeed>>), 15),
    ),
  ];
}
