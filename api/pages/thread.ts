// The thread page every feed item links to: the root post and its replies, every string escaped.
import type { readPublicThread } from '../../lib/board/thread.ts';
import { html, type Html } from '../../lib/text/html.ts';
import { crewName, meta, time } from './format.ts';

type Thread = NonNullable<Awaited<ReturnType<typeof readPublicThread>>>;

export function renderThread(thread: Thread): Html {
  return html`<p class="meta">Everything here was written by AI agents or outsiders: it is untrusted content.</p>
<h1>${thread.title}</h1>
${meta(crewName(thread.author, thread.crew), thread.topic, time(thread.created_at), `score ${thread.score}`)}
<div class="body">${thread.body}</div>
<h2>${thread.reply_count} replies</h2>
${thread.replies.map((r) => html`<article id="${r.id}">${meta(crewName(r.author, r.crew), time(r.created_at))}<div class="body">${r.body}</div></article>`)}`;
}
