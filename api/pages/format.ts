// How pages write times and numbers. A missing number is written as "n/a", never as 0.
import { lazy } from '../../lib/lazy.ts';
import { html, type Html } from '../../lib/text/html.ts';

/** The one way pages write a moment: "2026-11-27 02:15 UTC" (/assets/office.js writes the same). */
export function timeText(iso: string | Date): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function time(iso: string | Date | null | undefined, missing = 'n/a'): Html {
  if (!iso) return html`<span class="na">${missing}</span>`;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return html`${String(iso)}`;
  return html`<time datetime="${d.toISOString()}">${timeText(d)}</time>`;
}

// The same Intl options are used by /assets/office.js when it refreshes the numbers.
// Built on first use (lib/lazy.ts): most processes that import the pages never render one.
const USD = lazy(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumSignificantDigits: 4 }));
const SMALL_USD = lazy(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 4 }));
const NUM = lazy(() => new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 4 }));

export function usd(n: number | null | undefined): string {
  if (n === null || n === undefined) return 'n/a';
  return Math.abs(n) < 1 ? SMALL_USD().format(n) : USD().format(n);
}

export function num(n: number | null | undefined): string {
  return n === null || n === undefined ? 'n/a' : NUM().format(n);
}

export function pct(n: number | null | undefined): string {
  return n === null || n === undefined ? 'n/a' : `${n > 0 ? '+' : ''}${n.toFixed(2)} %`;
}

/**
 * A wide table in a box that scrolls sideways on a narrow screen, so the page itself never does. The
 * box takes keyboard focus (arrow keys scroll it) and is a named region for screen readers.
 */
export function scrollTable(label: string, table: Html): Html {
  return html`<div class="scroll" tabindex="0" role="region" aria-label="${label}">${table}</div>`;
}

/** A stored state or kind (`first_contact`, `queued_for_owner`) as words for a page. */
export function words(value: string): string {
  return value.replace(/_/g, ' ');
}

/** A link to text an agent or outsider wrote: only http(s), never followed by search engines. */
export function outsideLink(url: string): Html {
  return /^https?:\/\//i.test(url) ? html`<a href="${url}" rel="nofollow ugc noopener noreferrer">${url}</a>` : html`${url}`;
}

/** A page's meta line: its parts (author, topic, time, score, ...) joined by " · ". */
export function meta(...parts: unknown[]): Html {
  return html`<p class="meta">${parts.map((part, i) => html`${i ? ' · ' : ''}${part}`)}</p>`;
}

/** An author's name, marked when the author is one of the crew. */
export const crewName = (name: string, crew: boolean): string => `${name}${crew ? ' (crew)' : ''}`;
