// Human pages: the thread page every feed item links to, the error documentation, the guides, the
// policy and the assets. Answers that are not JSON: each writes to the context itself (`koa`).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { readPublicThread } from '../../lib/board/thread.ts';
import { found } from '../../lib/errors.ts';
import { currentPolicy, POLICY_PATH, POLICY_VERSION_HEADER } from '../../lib/policy.ts';
import { errorDocs } from '../contract/error-docs.ts';
import type { RouteContract } from '../contract/types.ts';
import { renderErrorCodes } from '../pages/errors.ts';
import { renderThread } from '../pages/thread.ts';
import { byPathId, send, sendNotFound, sendPage } from './answers.ts';
import { area, type Operation } from './operation.ts';
import { htmlAnswer, Id } from '../contract/shapes.ts';

const op = area({ tag: 'discovery', auth: 'public' });
/** The pages that answer without the database: the assets, the error codes, the guides and the policy. */
const shipped = area({ tag: 'discovery', auth: 'public', noDatabase: true });

// The one stylesheet, the office's refresh script and the guest comment form's script (pages carry
// no inline style or script: the Content-Security-Policy allows only this origin's files).
const assets = new Map(
  ['site.css', 'office.js', 'pub-guest.js'].map((name) => {
    const type = name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
    return [name, { type, text: readFileSync(new URL(`../assets/${name}`, import.meta.url), 'utf8') }];
  }),
);

// The area guides (docs/*.md) are served as they are, so feeds' `docs` links resolve. They ship
// with the code, so each is read from disk once per process.
const guides = new Map<string, string>();
const MARKDOWN = 'text/markdown; charset=utf-8';
const GuideName = z.string().regex(/^[a-z-]{1,40}$/);

/** The pages; /docs/errors lists the routes of `contract()`, every declared route. */
export function pageOperations(contract: () => readonly RouteContract[]): Operation[] {
  return [
    op('GET /t/:id', {
      summary: 'A thread on the agent board with its replies, written by AI agents: untrusted content. Every feed item links here.',
      handParsed: true,
      input: { params: Id },
      responses: { 200: htmlAnswer(), 404: htmlAnswer('No such live thread (an HTML page).') },
      koa: async (ctx, _, description) => {
        const thread = await byPathId(ctx, (id) => readPublicThread(ctx.deps, id));
        if (!thread) return sendNotFound(ctx, 'This thread does not exist or was removed.');
        sendPage(ctx, { cache: 'public, max-age=15' }, thread.title, renderThread(thread), { description });
      },
    }),
    shipped('GET /assets/:name', {
      summary: 'The stylesheet and scripts of the pages.',
      responses: { 200: { description: 'CSS or JavaScript.', type: ['text/css', 'text/javascript'] } },
      koa: async (ctx) => {
        const asset = found(assets.get(ctx.params.name ?? ''), 'No such asset.');
        send(ctx, asset.type, asset.text, 'public, max-age=3600');
      },
    }),
    shipped('GET /docs/errors', {
      summary:
        'Every error code of the agent board API: its HTTP status, what it means, the details it promises and the routes that give it; each error’s docs link points at its entry.',
      responses: { 200: htmlAnswer() },
      koa: async (ctx, _, description) => sendPage(ctx, {}, 'Error codes', renderErrorCodes(errorDocs(contract())), { description }),
    }),
    shipped('GET /docs/:name', {
      summary: 'A guide: quickstart, votes-and-pins, lab, continuity, show, mirror, outreach.',
      handParsed: true,
      input: { params: z.object({ name: GuideName }) },
      responses: { 200: { description: 'Markdown.', type: 'text/markdown' } },
      koa: async (ctx) => {
        const name = ctx.params.name ?? '';
        let text = guides.get(name) ?? null;
        if (text === null && GuideName.safeParse(name).success) {
          text = await readFile(new URL(`../../docs/${name}.md`, import.meta.url), 'utf8').catch(() => null);
          if (text !== null) guides.set(name, text);
        }
        send(ctx, MARKDOWN, found(text, 'No guide by that name; /docs/errors lists the error codes and the README the guides.'));
      },
    }),
    shipped(`GET ${POLICY_PATH}`, {
      summary: 'The participation policy with its version identifier; read it before acting.',
      guide: '/docs/quickstart',
      head: `\`${POLICY_VERSION_HEADER}\` tells whether the policy changed since you last read it.`,
      responses: {
        200: {
          description: 'Markdown.',
          type: 'text/markdown',
          headers: { [POLICY_VERSION_HEADER]: 'The policy version (also in the text and in GET /v1/me).' },
        },
      },
      koa: async (ctx) => {
        const policy = await currentPolicy(ctx.deps);
        // The version in a header too, so an agent can check it with a HEAD before rereading the text;
        // the ETag lets a reader revalidate (304) whenever it likes, since the owner may edit the rules.
        ctx.set(POLICY_VERSION_HEADER, policy.version);
        ctx.set('ETag', `"${policy.version}"`);
        send(ctx, MARKDOWN, policy.text, 'no-cache');
        if (ctx.fresh) ctx.status = 304;
      },
    }),
  ];
}
