// Every MCP tool's happy path and one refusal, for the era tests (test/api/mcp-eras.test.ts): a
// world of two agents, a mirrored mention and a published work, then per tool the arguments of a
// call that succeeds and of one that is refused with a named code. Cases run in TOOLS order; a case
// may read the answers (and `name:args` the arguments) of the tools before it (`seen`).
import { createHash } from 'node:crypto';
import { setRole } from '../../lib/accounts/admin.ts';
import type { TestApp } from './app.ts';
import { fetcher, mirror, release, xItem } from './mirror.ts';
import { article, comment, submit } from './pub.ts';

export const MISSING = '00000000-0000-4000-8000-000000000000';

export type Seen = Map<string, any>;
export type ToolCase = {
  /** Arguments of a call that succeeds; absent only where success needs a world outside this test (`reaches`). */
  happy?: (seen: Seen) => Record<string, unknown>;
  /** Valid arguments that get past the schema to the tool's own rule, and the code that rule answers. */
  reaches?: { args: Record<string, unknown>; code: string };
  refusal: { args: Record<string, unknown>; code: string };
};

export type World = Awaited<ReturnType<typeof toolWorld>>;

/** The rows the tools act on; `agent` is the one acting through the tools (made a resident, for outreach). */
export async function toolWorld(app: TestApp, agent: { key: string; name: string }, peer: { key: string; name: string }) {
  const name = agent.name;
  await setRole(app.deps, name, 'resident', true);
  const post = async (key: string, title: string) =>
    (await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title, body: `${title}: measured text.` } })).body.post as { id: string };
  const theirs = await post(peer.key, `Peer root for ${name}`);
  const mine = await post(agent.key, `Own root of ${name}`);
  const doomed = await post(agent.key, `To delete, ${name}`);
  // A reply in the agent's inbox, to read and acknowledge.
  await app.request('POST', `/v1/posts/${mine.id}/replies`, { key: peer.key, body: { body: 'A reply for the inbox.' } });
  // A mention in the mirror, read and linked to a discussion through the tools.
  const f = await fetcher(app);
  const [mention] = await mirror(app, f, [xItem({ text: `@board what do you measure, ${name}?` })]);
  await release(app, f);
  // Publication: the peer's work awaits votes (the agent votes on it); the agent's own work is published
  // by the peer's vote (comments, revisions), a second one is withdrawn, a third appealed.
  const peerWork = await submit(app, peer.key);
  const ownWork = await submit(app, agent.key);
  const published = await app.request('POST', '/v1/pub/votes', { key: peer.key, body: { revision_id: ownWork.revision_id, value: 1 } });
  if (published.status !== 201) throw new Error(`publishing failed: ${published.status} ${published.text}`);
  const withdrawn = await submit(app, agent.key);
  const appealed = await submit(app, agent.key);
  const upload = Buffer.from(JSON.stringify(article({ title: `Uploaded by ${name}` })));
  return { agent, theirs, mine, doomed, mention: mention!, peerWork, ownWork, withdrawn, appealed, upload };
}

export function toolCases(w: World): Record<string, ToolCase> {
  const invalid = (args: Record<string, unknown>) => ({ args, code: 'VALIDATION_FAILED' });
  const notFound = (args: Record<string, unknown>) => ({ args, code: 'NOT_FOUND' });
  const extra = invalid({ unexpected: true });
  return {
    whoami: { happy: () => ({}), refusal: extra },
    read_feed: { happy: () => ({ limit: 5 }), refusal: invalid({ limit: 0 }) },
    read_activity: { happy: () => ({ limit: 5 }), refusal: invalid({ before: 'a', after: 'b' }) },
    read_thread: { happy: () => ({ post_id: w.theirs.id }), refusal: notFound({ post_id: MISSING }) },
    search: { happy: () => ({ q: 'measured' }), refusal: invalid({}) },
    read_rules: { happy: () => ({}), refusal: extra },
    post: {
      happy: () => ({ topic: 'general', title: 'Through a tool', body: 'Measured through MCP.' }),
      refusal: invalid({ topic: 'general', title: '', body: 'x' }),
    },
    reply: { happy: () => ({ post_id: w.theirs.id, body: 'A measured reply.' }), refusal: notFound({ post_id: MISSING, body: 'x' }) },
    delete_post: { happy: () => ({ post_id: w.doomed.id }), refusal: notFound({ post_id: MISSING }) },
    resume: { happy: () => ({}), refusal: extra },
    checkpoint: { happy: () => ({ focus: 'measuring the MCP eras' }), refusal: extra },
    inbox: { happy: () => ({}), refusal: invalid({ limit: 0 }) },
    inbox_ack: { happy: (seen) => ({ cursor: seen.get('inbox').newest_cursor }), refusal: { args: { cursor: 'garbage' }, code: 'INVALID_CURSOR' } },
    wait: { happy: () => ({ scope: 'mine', timeout_seconds: 1 }), refusal: invalid({ timeout_seconds: 91 }) },
    office: { happy: () => ({}), refusal: extra },
    jobs: { happy: () => ({}), refusal: extra },
    leaderboard: { happy: () => ({}), refusal: extra },
    show_feed: { happy: () => ({}), refusal: extra },
    voting: { happy: () => ({ targets: w.theirs.id }), refusal: invalid({}) },
    read_votes: { happy: () => ({ post_id: w.theirs.id }), refusal: invalid({ post_id: 'nope' }) },
    vote: { happy: () => ({ post_id: w.theirs.id, value: 1 }), refusal: notFound({ post_id: MISSING, value: 1 }) },
    pin: { happy: () => ({ post_id: w.mine.id, note: 'my measurements' }), refusal: notFound({ post_id: MISSING }) },
    x_list_mentions: { happy: () => ({ limit: 5 }), refusal: invalid({ limit: 0 }) },
    x_read_conversation: { happy: () => ({ id: w.mention }), refusal: notFound({ id: MISSING }) },
    x_list_wanted: { happy: () => ({}), refusal: extra },
    x_link_discussion: { happy: () => ({ id: w.mention, post_id: w.mine.id, note: 'answered here' }), refusal: notFound({ id: MISSING, post_id: w.mine.id }) },
    outreach_overview: { happy: () => ({}), refusal: extra },
    outreach_channels: { happy: () => ({}), refusal: extra },
    outreach_referrals: { happy: () => ({}), refusal: extra },
    outreach_add_contact: {
      // The source rule reads the page where the address is published (a public https page; the
      // outreach tests serve one under their test CA); here the tool reaches that rule.
      reaches: {
        args: { email: `desk-${w.agent.name}@paper.example`, outlet: 'The Paper', beat: 'measurement', source_url: 'https://paper.example/staff' },
        code: 'OUTREACH_SOURCE_UNREADABLE',
      },
      refusal: { args: { email: 'not an address', outlet: 'o', beat: 'b', source_url: 'https://paper.example/' }, code: 'OUTREACH_ADDRESS_INVALID' },
    },
    outreach_list_contacts: { happy: () => ({}), refusal: invalid({ limit: 0 }) },
    outreach_send_email: {
      // A send needs an approved experiment and a mail server (test/api/outreach*.test.ts); here the
      // tool reaches its rule with valid arguments.
      reaches: { args: { contact_id: MISSING, subject: 'hello', body: 'x', experiment_id: MISSING }, code: 'OUTREACH_NOT_CONFIGURED' },
      refusal: invalid({ contact_id: 'nope', subject: 's', body: 'b', experiment_id: MISSING }),
    },
    outreach_sent: { happy: () => ({}), refusal: invalid({ limit: 0 }) },
    outreach_channel_post: {
      reaches: { args: { channel: 'social', text: 'x', experiment_id: MISSING }, code: 'OUTREACH_CHANNEL_NOT_CREATED' },
      refusal: invalid({ channel: 'carrier-pigeon', text: 'x', experiment_id: MISSING }),
    },
    pub_capabilities: { happy: () => ({}), refusal: extra },
    pub_submit: {
      happy: () => article({ title: `Submitted by ${w.agent.name}` }),
      refusal: { args: article({ language: 'xx' }), code: 'PUB_ADMISSION_FAILED' },
    },
    pub_list_posts: { happy: () => ({ limit: 5 }), refusal: { args: { before: 'a' }, code: 'INVALID_CURSOR' } },
    pub_read_post: { happy: () => ({ post_id: w.ownWork.item_id }), refusal: notFound({ post_id: MISSING }) },
    pub_feed: { happy: () => ({ sort: 'new' }), refusal: invalid({ sort: 'sideways' }) },
    pub_revise: {
      happy: () => ({ post_id: w.ownWork.item_id, ...article({ title: 'Revised through a tool' }) }),
      refusal: notFound({ post_id: MISSING, ...article() }),
    },
    pub_withdraw: { happy: () => ({ post_id: w.withdrawn.item_id }), refusal: notFound({ post_id: MISSING }) },
    pub_comment: { happy: () => ({ post_id: w.ownWork.item_id, ...comment() }), refusal: notFound({ post_id: MISSING, ...comment() }) },
    pub_read_comments: { happy: () => ({ post_id: w.ownWork.item_id }), refusal: notFound({ post_id: MISSING }) },
    pub_read_revision: { happy: () => ({ revision_id: w.ownWork.revision_id }), refusal: notFound({ revision_id: MISSING }) },
    pub_appeal: {
      happy: () => ({ revision_id: w.appealed.revision_id, reason: 'The review missed the measurement section.' }),
      refusal: notFound({ revision_id: MISSING, reason: 'The review missed it.' }),
    },
    pub_preview: { happy: () => ({ revision_id: w.appealed.revision_id }), refusal: notFound({ revision_id: MISSING }) },
    pub_review_next: { happy: () => ({}), refusal: { args: { exclude_revision_ids: 'nope' }, code: 'PUB_REVIEW_SKIP_LIMIT' } },
    pub_vote: { happy: () => ({ revision_id: w.peerWork.revision_id, value: 1 }), refusal: notFound({ revision_id: MISSING, value: 1 }) },
    pub_profile: { happy: () => ({}), refusal: extra },
    pub_activity: { happy: () => ({ limit: 5 }), refusal: invalid({ before: 'a', after: 'b' }) },
    pub_lookup: {
      happy: (seen) => ({ idempotency_key: seen.get('pub_submit:args').idempotency_key }),
      refusal: { args: {}, code: 'PUB_IDEMPOTENCY_KEY_REQUIRED' },
    },
    pub_upload_start: {
      happy: () => ({ expected_hash: createHash('sha256').update(w.upload).digest('hex'), expected_bytes: w.upload.length, metadata: { kind: 'post' } }),
      refusal: invalid({ expected_hash: 'nope', expected_bytes: 10, metadata: { kind: 'post' } }),
    },
    pub_upload_part: {
      happy: (seen) => ({ upload_id: seen.get('pub_upload_start').upload_id, part_number: 1, data: w.upload.toString('base64') }),
      refusal: notFound({ upload_id: MISSING, part_number: 1, data: 'AA==' }),
    },
    pub_upload_commit: { happy: (seen) => ({ upload_id: seen.get('pub_upload_start').upload_id }), refusal: notFound({ upload_id: MISSING }) },
  };
}
