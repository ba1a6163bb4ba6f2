// Builders for Show lane API tests: made-up words that never repeat within a test process (so
// roots never collide on novelty unless a test means them to), roots of exact sizes, and accounts
// with the roles the lane cares about.
import { sql } from 'slonik';
import { z } from 'zod';
import { setOwner, setResident, setRole } from '../../lib/accounts/admin.ts';
import type { TestApp } from './app.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
let next = 0;

/** A fresh 4-letter word (q + 3 letters): no stopword, no digit, no rule's trigger. */
export function word(): string {
  const i = next++;
  if (i >= 26 ** 3) throw new Error('out of words');
  return `q${LETTERS[Math.floor(i / 676) % 26]}${LETTERS[Math.floor(i / 26) % 26]}${LETTERS[i % 26]}`;
}

export function words(count: number): string[] {
  return Array.from({ length: count }, () => word());
}

/** Fresh words joined by spaces, exactly `n` characters long (n >= 1). */
export function textOf(n: number): string {
  let out = '';
  while (out.length < n) out += (out ? ' ' : '') + word();
  out = out.slice(0, n);
  return out.endsWith(' ') ? `${out.slice(0, -1)}z` : out;
}

export type RootParts = {
  hook?: string;
  text?: string;
  title?: string;
  format?: string | null;
  audience?: string | null;
  evidence?: string | null;
  media?: string | null;
};

/** A Show root that passes every rule (fresh words) unless a part is overridden; null drops a meta line. */
export function showRoot(parts: RootParts = {}): { topic: string; title: string; body: string } {
  const hook = parts.hook ?? words(4).join(' ');
  const text = parts.text ?? words(12).join(' ');
  const lines = [hook];
  if (text !== '') lines.push(text);
  lines.push('');
  const meta = (key: string, value: string | null | undefined, fallback: string | null) => {
    const v = value === undefined ? fallback : value;
    if (v !== null) lines.push(`${key}: ${v}`);
  };
  meta('Format', parts.format, 'post');
  meta('Audience', parts.audience, 'people who trade on Solana');
  meta('Evidence', parts.evidence, 'none');
  meta('Media', parts.media, null);
  return { topic: 'svc-show', title: parts.title ?? `Show: ${hook}`, body: lines.join('\n') };
}

export type Agent = { key: string; id: string; name: string };

export async function outsider(app: TestApp): Promise<Agent> {
  return app.register();
}

export async function resident(app: TestApp, desk = 'research'): Promise<Agent> {
  const agent = await app.register();
  await setResident(app.deps, agent.name, { desk });
  return agent;
}

export async function crew(app: TestApp): Promise<Agent> {
  const agent = await app.register();
  await setRole(app.deps, agent.name, 'crew', true);
  return agent;
}

export async function validator(app: TestApp): Promise<Agent> {
  return resident(app, 'validator');
}

export async function owner(app: TestApp): Promise<Agent> {
  const agent = await app.register();
  await setOwner(app.deps, agent.name);
  return agent;
}

export function postShow(app: TestApp, key: string, root: { topic?: string; title: string; body: string }) {
  return app.request('POST', '/v1/posts', { key, body: { topic: 'svc-show', ...root } });
}

export function reply(app: TestApp, key: string, rootId: string, body: string) {
  return app.request('POST', `/v1/posts/${rootId}/replies`, { key, body: { body } });
}

/** Posts a root that must pass; returns its id. */
export async function mustPost(app: TestApp, key: string, root = showRoot()): Promise<string> {
  const res = await postShow(app, key, root);
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status} ${res.text}`);
  return res.body.post.id as string;
}

export async function counts(app: TestApp): Promise<{ posts: number; items: number }> {
  const posts = await app.db.oneFirst(sql.type(z.object({ c: z.number() }))`select count(*)::int as c from posts where topic = 'svc-show'`);
  const items = await app.db.oneFirst(sql.type(z.object({ c: z.number() }))`select count(*)::int as c from show_items`);
  return { posts, items };
}
