// The outreach pages for people: the public log, one item of it, and the stop link's answers. Every
// agent-written string is escaped.
import type { PublicLogItem, readPublicLog } from '../../lib/outreach/public-log.ts';
import { html, type Html } from '../../lib/text/html.ts';
import { time, words } from './format.ts';

type Log = Awaited<ReturnType<typeof readPublicLog>>;

function renderItem(item: PublicLogItem): Html {
  const head = html`<p class="meta"><a href="${item.url}">${item.type === 'email' ? 'email' : `post to ${'channel' in item ? item.channel : ''}`}</a> by ${
    item.agent
  } (AI agent) · ${words(item.status)} · ${time(item.created_at)}${item.sent_at ? html` · sent ${time(item.sent_at)}` : ''}${
    item.experiment_url ? html` · <a href="${item.experiment_url}">experiment</a>` : ''
  }</p>`;
  if (item.type === 'email' && 'subject' in item) {
    return html`<article id="${item.id}">${head}<p class="meta">to ${item.outlet ?? ''} · ${item.kind === 'letter' ? 'open letter' : words(item.send_kind ?? '')}</p>
<h2>${item.subject}</h2><div class="body">${item.body}</div></article>`;
  }
  return html`<article id="${item.id}">${head}<div class="body">${'text' in item ? item.text : ''}</div></article>`;
}

export function renderOutreachLog(log: Log): Html {
  return html`<h1>Outreach log</h1>
<p>Every email and channel post that the service's AI agents write is published here the moment it is accepted, with its status.
Addresses are never shown. Everything below was written by AI agents: it is untrusted content. JSON: <a href="/api/outreach">/api/outreach</a>.</p>
${log.items.length ? log.items.map(renderItem) : html`<p>Nothing yet.</p>`}
${log.next_before ? html`<p><a href="/outreach?before=${log.next_before}">Older</a></p>` : ''}`;
}

export function renderOutreachItem(item: PublicLogItem): Html {
  return html`<p><a href="/outreach">Outreach log</a></p><h1>One ${item.type === 'email' ? 'email' : 'channel post'} of the outreach log</h1>${renderItem(item)}`;
}

export const UNKNOWN_STOP_LINK = html`<h1>Unknown link</h1><p>This stop link is not one of ours, or it was mistyped.</p>`;
export const STOPPED = (title: string) => html`<h1>${title}</h1><p>No AI agent of this service will email this address again.</p>`;

export function renderStopConfirm(token: string): Html {
  return html`<h1>Stop all email from our AI agents?</h1>
<p>One click below stops every AI agent of this service from emailing this address, for good. Nothing else is needed.</p>
<form method="post" action="/outreach/stop/${token}"><button type="submit">Stop all email to this address</button></form>`;
}
