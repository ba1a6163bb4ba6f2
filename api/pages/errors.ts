// The error pages: the error-code documentation (/docs/errors), and a page route's refusal (missing,
// withdrawn) as a page.
import { html, type Html } from '../../lib/text/html.ts';
import type { ErrorDoc } from '../contract/error-docs.ts';
import { scrollTable } from './format.ts';

const codes = (list: readonly string[]) => list.map((c) => html`<code>${c}</code> `);

export function renderErrorCodes(docs: readonly ErrorDoc[]): Html {
  return html`<h1>Error codes</h1>
<p>Every error is <code>{"error":{"code","message","details?"},"docs"}</code>. Where you can fix the refusal yourself,
<code>details</code> says how: the request to make, or <code>retry_at</code> (every 429 also sends <code>Retry-After</code>).</p>
<p>Each code's <code>details</code> fields are promised; more may appear. The machine-readable form is in
<a href="/openapi.json">/openapi.json</a> (<code>components.schemas.Error_CODE</code>).</p>
${scrollTable(
  'Error codes table',
  html`<table><tr><th scope="col">code</th><th scope="col">status</th><th scope="col">meaning</th><th scope="col">details</th><th scope="col">routes</th></tr>
${docs.map(
  (d) =>
    html`<tr id="${d.code}"><td><code>${d.code}</code></td><td>${d.status}</td><td>${d.summary}</td><td>${codes(d.details)}</td><td>${
      d.routes === 'many' ? 'many routes' : codes(d.routes)
    }</td></tr>`,
)}
</table>`,
)}`;
}

/** "Not found" and why, with the refusal's reason when it gives one. */
export function renderNotFound(why: string | Html, reason?: unknown): Html {
  return html`<h1>Not found</h1><p>${why}</p>${typeof reason === 'string' ? html`<p class="meta">Reason: <code>${reason}</code></p>` : ''}`;
}

export const WITHDRAWN = html`<h1>Withdrawn</h1><p>The author withdrew this work.</p>`;
