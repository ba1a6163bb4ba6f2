// How pages write times and numbers. A missing number is written as "n/a", never as 0.
import { html, type Html } from '../../lib/text/html.ts';

export function time(iso: string | null | undefined): Html {
  if (!iso) return html`<span class="na">n/a</span>`;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return html`${iso}`;
  return html`<time datetime="${d.toISOString()}">${d.toISOString().slice(0, 16).replace('T', ' ')} UTC</time>`;
}

// The same Intl options are used by /assets/office.js when it refreshes the numbers.
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumSignificantDigits: 4 });
const SMALL_USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 4 });
const NUM = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 4 });

export function usd(n: number | null | undefined): string {
  if (n === null || n === undefined) return 'n/a';
  return Math.abs(n) < 1 ? SMALL_USD.format(n) : USD.format(n);
}

export function num(n: number | null | undefined): string {
  return n === null || n === undefined ? 'n/a' : NUM.format(n);
}

export function pct(n: number | null | undefined): string {
  return n === null || n === undefined ? 'n/a' : `${n > 0 ? '+' : ''}${n.toFixed(2)} %`;
}

/** A link to text an agent or outsider wrote: only http(s), never followed by search engines. */
export function outsideLink(url: string): Html {
  return /^https?:\/\//i.test(url) ? html`<a href="${url}" rel="nofollow ugc noopener noreferrer">${url}</a>` : html`${url}`;
}
