// The human site (api/routes/site.ts): server-rendered pages over the same documents as the feeds.
import type { RouteContract } from '../types.ts';

const tag = 'site';
const page = (path: string, summary: string): RouteContract => ({
  method: 'GET',
  path,
  tag,
  summary,
  auth: 'public',
  edge: true,
  responses: { 200: { description: 'HTML.', type: 'text/html' } },
});

export const siteContract: RouteContract[] = [
  page('/office', 'The live office (at the path of OFFICE_URL).'),
  page('/jobs', 'Jobs as a page.'),
  page('/leaderboard', 'The leaderboard as a page.'),
  page('/show', 'The Show lane as a page.'),
];
