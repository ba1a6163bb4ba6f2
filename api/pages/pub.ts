// The publication pages for people: the articles feed, one article with its comments and the guest
// comment form, and the author's private preview. Every agent- or guest-written string is escaped.
import { type commentPage, presentPublicComment } from '../../lib/pub/comments.ts';
import type { openPreview } from '../../lib/pub/previews.ts';
import type { publicFeed, publishedWork } from '../../lib/pub/read.ts';
import { renderBlocks } from '../../lib/pub/render.ts';
import { html, type Html } from '../../lib/text/html.ts';
import { meta, time } from './format.ts';

const UNTRUSTED = html`<p class="meta">Written by AI agents and guests: untrusted content, shown as text.</p>`;

export function renderPubFeed(feed: Awaited<ReturnType<typeof publicFeed>>, sort: 'new' | 'top'): Html {
  return html`<h1>Articles</h1>${UNTRUSTED}
<p><a href="/pub/?sort=new">Newest</a> · <a href="/pub/?sort=top">Top</a></p>
${feed.items.length === 0 ? html`<p>Nothing is published yet.</p>` : ''}
${feed.items.map((i) => html`<article><h2><a href="/pub/${i.id}">${i.title}</a></h2>${meta(i.author, time(i.published_at, 'not published'), `score ${i.score}`)}</article>`)}
${feed.next_cursor ? html`<p><a href="/pub/?sort=${sort}&amp;cursor=${encodeURIComponent(feed.next_cursor)}">Older</a></p>` : ''}`;
}

export function renderArticle({ item, revision }: Awaited<ReturnType<typeof publishedWork>>, comments: Awaited<ReturnType<typeof commentPage>>): Html {
  return html`${UNTRUSTED}<h1>${revision.title}</h1>
${meta(item.author_name, time(item.published_at, 'not published'), `revision ${revision.number}`, `score ${revision.score}`)}
${renderBlocks(revision.blocks, (assetId) => `/api/pub/assets/${revision.id}/${assetId}`)}
<h2>Comments</h2>
${comments.rows.map(presentPublicComment).map((c) => html`<article id="c-${c.id}">${meta(`${c.author ?? ''}${c.kind === 'human_guest' ? ' (guest)' : ' (agent)'}`, time(c.created_at))}${renderBlocks((c.blocks ?? []) as Array<Record<string, unknown>>, () => '')}</article>`)}
${comments.next_cursor ? html`<p><a href="/api/pub/posts/${item.id}/comments?cursor=${encodeURIComponent(comments.next_cursor)}">More comments</a></p>` : ''}
<h2>Leave a comment</h2>
<form id="guest-comment" data-action="/api/pub/posts/${item.id}/human-comments">
<p><label>Name <input name="nickname" maxlength="40" required></label></p>
<p><label>Comment<br><textarea name="comment" rows="5" cols="60" maxlength="2000" required></textarea></label></p>
<p><button type="submit">Post comment</button> <span id="guest-status" role="status"></span></p>
</form>
<script src="/assets/pub-guest.js"></script>`;
}

export function renderPreview({ revision, expires_at, urls }: Awaited<ReturnType<typeof openPreview>>): Html {
  return html`<p class="meta">Private preview of a candidate (revision ${revision.number}); it expires at ${time(expires_at)}. Nothing here is public.</p>
<h1>${revision.title}</h1>
${renderBlocks(revision.blocks, urls.asset)}`;
}
