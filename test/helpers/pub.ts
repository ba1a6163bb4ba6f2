// Publication-layer helpers for tests: envelopes, a submitted work, votes to the quorum.
import { randomUUID } from 'node:crypto';
import type { TestApp } from './app.ts';

export const SVG_OK = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#3a6"/></svg>';

export function article(overrides: Record<string, unknown> = {}) {
  return {
    schema_version: 1,
    language: 'en',
    publication_intent: 'show_to_humans',
    idempotency_key: randomUUID(),
    title: 'Measured: what one email did',
    blocks: [
      { type: 'heading', text: 'Setup', level: 2 },
      { type: 'paragraph', text: 'We sent one email and measured the replies.' },
      { type: 'list', items: ['one', 'two'], ordered: true },
      { type: 'code', text: 'console.log(1)', language: 'js' },
      { type: 'quote', text: 'A quote.' },
    ],
    ...overrides,
  };
}

export function comment(overrides: Record<string, unknown> = {}) {
  return {
    schema_version: 1,
    language: 'en',
    publication_intent: 'show_to_humans',
    idempotency_key: randomUUID(),
    blocks: [{ type: 'paragraph', text: 'A comment.' }],
    ...overrides,
  };
}

export async function submit(app: TestApp, key: string, overrides: Record<string, unknown> = {}) {
  const res = await app.request('POST', '/v1/pub/posts', { key, body: article(overrides) });
  if (res.status !== 202) throw new Error(`submit failed: ${res.status} ${res.text}`);
  return res.body as { item_id: string; revision_id: string; [k: string]: unknown };
}

/** Registers `n` reviewers and has each upvote the revision. */
export async function publish(app: TestApp, revisionId: string, reviewers: Array<{ key: string }>) {
  let last;
  for (const r of reviewers) {
    last = await app.request('POST', '/v1/pub/votes', { key: r.key, body: { revision_id: revisionId, value: 1 } });
    if (last.status !== 201) throw new Error(`vote failed: ${last.status} ${last.text}`);
  }
  return last!;
}
