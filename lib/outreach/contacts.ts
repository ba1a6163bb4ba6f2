// Contacts: an address an agent found published for someone's work, verified on its source page.
// The address is checked alone (syntax, .de, free mail, role), then the page is fetched through the
// SSRF-guarded fetcher and must carry the address on the address's own registrable domain. A
// contact belongs to the fleet: one row per address, whoever added it; the address is never shown
// again, and the list tells each resident what it may send to whom right now.
import { fail } from '../errors.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createOutreachQueries, type ContactListRow } from '../../sql/queries/outreach.ts';
import type { AppError } from '../errors.ts';
import { safeFetch, type SafeFetchOptions } from '../net/safe-fetch.ts';
import type { OutreachDeps } from './access.ts';
import { checkAddressOnPage, checkContactAddress, checkSourceUrl, outletDomain, parseAddress } from './address.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { checkContactDayCap, checkOutletWeekCap, decideSendKind, moscowDayBounds, OUTREACH_LIMITS, type SendFacts } from './limits.ts';
import { readOutreachState } from './settings.ts';

/**
 * How contact pages are fetched. Production leaves `options` empty (https on 443, public addresses
 * only). Tests, and only tests, put a test CA, loopback and a port here.
 */
export const contactPageFetch: { options: SafeFetchOptions } = { options: {} };

export type ContactInput = { email: string; outlet: string; name?: string | null | undefined; beat: string; source_url: string };

function throwIf(error: AppError | null): void {
  if (error) throw error;
}

export async function addContact(deps: OutreachDeps, account: Account, input: ContactInput): Promise<{ contact_id: string; duplicate: boolean }> {
  assertNoSecrets({ outlet: input.outlet, name: input.name, beat: input.beat, source_url: input.source_url });
  const now = deps.clock.now();
  throwIf(checkContactAddress(input.email));
  const parsed = parseAddress(input.email);
  if (!parsed) throw fail('OUTREACH_ADDRESS_INVALID', 'Outreach address rule: not a valid email address.');
  throwIf(checkSourceUrl(input.source_url));
  const queries = createOutreachQueries(deps.db);
  const existing = await queries.contactIdByAddress(parsed.address);
  if (existing) return { contact_id: existing, duplicate: true };

  // The quota answers before the page is fetched; the insert re-counts under a lock.
  const { start, end } = moscowDayBounds(now);
  throwIf(checkContactDayCap(await queries.contactsAddedBetween(account.id, start, end), now));
  const page = await safeFetch(input.source_url, contactPageFetch.options);
  if (!page.ok) {
    throw fail(
      'OUTREACH_SOURCE_UNREADABLE',
      `Outreach source rule: the server could not read source_url (${page.reason}). It must be a public https page where the address is published.`,
      { reason: page.reason, detail: page.detail },
    );
  }
  throwIf(checkAddressOnPage(parsed.address, { finalUrl: page.finalUrl, text: page.text }));

  return deps.db.transaction(async (tx) => {
    const q = createOutreachQueries(tx);
    await q.lock(`contacts:${account.id}`);
    throwIf(checkContactDayCap(await q.contactsAddedBetween(account.id, start, end), now));
    const id = await q.insertContact({
      address: parsed.address,
      outlet: input.outlet,
      outletDomain: outletDomain(parsed.address) ?? parsed.domain,
      name: input.name ?? null,
      beat: input.beat,
      sourceUrl: page.finalUrl,
      addedBy: account.id,
      now,
    });
    if (id) return { contact_id: id, duplicate: false };
    // Another add of the same address won the race.
    const other = await q.contactIdByAddress(parsed.address);
    if (!other) throw fail('OUTREACH_ADDRESS_INVALID', 'Outreach address rule: the address could not be stored.');
    return { contact_id: other, duplicate: true };
  });
}

export type ContactStatus = 'new' | 'contacted' | 'replied' | 'suppressed' | 'bounced';

/** What the caller may send to this contact now (thread rules and the outlet cap; day caps are separate). */
export function contactView(row: ContactListRow, now: Date) {
  const status: ContactStatus = row.suppressed
    ? 'suppressed'
    : row.bounced
      ? 'bounced'
      : row.replies_any > 0
        ? 'replied'
        : row.first_contact_at
          ? 'contacted'
          : 'new';
  const facts: SendFacts = {
    contactStatus: row.suppressed ? 'suppressed' : row.bounced ? 'bounced' : 'active',
    firstContact: row.first_contact_at ? { sentAt: row.first_contact_sent_at ? new Date(row.first_contact_sent_at) : null } : null,
    followUpOf: row.first_contact_at ? { found: true, ownMessage: row.my_latest_message_id !== null, sameContact: true } : null,
    followUpsAccepted: row.follow_ups,
    repliesFromAnyone: row.replies_any,
    repliesFromContact: row.replies_contact,
    answersAccepted: row.answers,
  };
  const decision = decideSendKind(facts, now);
  let blocked: AppError | null = decision.ok ? null : decision.error;
  if (decision.ok && decision.kind === 'first_contact') {
    blocked = checkOutletWeekCap(row.outlet_domain, row.outlet_first_contacts.map((t) => new Date(t)), now);
  }
  const retryAt = blocked?.details?.retry_at;
  return {
    contact_id: row.id,
    outlet: row.outlet,
    outlet_domain: row.outlet_domain,
    name: row.name,
    beat: row.beat,
    source_url: row.source_url,
    added_by: row.added_by_name,
    mine: row.mine,
    added_at: row.created_at,
    status,
    first_contact_at: row.first_contact_sent_at ?? row.first_contact_at,
    last_email_at: row.last_email_at,
    contactable_now: blocked === null,
    next_step: decision.ok ? decision.kind : null,
    contactable_at: blocked === null ? now.toISOString() : typeof retryAt === 'string' ? retryAt : null,
    blocked_by: blocked ? blocked.code : null,
    follow_up_of: decision.ok && decision.kind !== 'first_contact' ? row.my_latest_message_id : null,
  };
}

export async function listContacts(
  deps: OutreachDeps,
  account: Account,
  query: { q?: string | undefined; outlet?: string | undefined; before?: string | undefined; limit: number },
) {
  const now = deps.clock.now();
  const beforeSeq = query.before !== undefined ? decodeCursor('ocontacts', query.before, 'before') : null;
  const queries = createOutreachQueries(deps.db);
  const rows = await queries.listContacts({
    callerId: account.id,
    q: query.q?.trim() || null,
    outlet: query.outlet?.trim() || null,
    beforeSeq,
    limit: query.limit,
    now,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const { start, end } = moscowDayBounds(now);
  const state = await readOutreachState(deps.db, deps.config);
  const [addedToday, sentToday, fleetToday] = await Promise.all([
    queries.contactsAddedBetween(account.id, start, end),
    queries.acceptedByAuthorBetween(account.id, start, end),
    queries.acceptedBetween(start, end),
  ]);
  return {
    contacts: items.map((r) => contactView(r, now)),
    next_before: rows.length > query.limit && last ? encodeCursor('ocontacts', last.seq) : null,
    today: {
      moscow_day_ends_at: end.toISOString(),
      contacts_left: Math.max(0, OUTREACH_LIMITS.contactsPerAgentPerMoscowDay - addedToday),
      sends_left: Math.max(0, OUTREACH_LIMITS.agentSendsPerMoscowDay - sentToday),
      fleet_sends_left: Math.max(0, state.settings.fleet_cap - fleetToday),
    },
    content_is_untrusted: true,
  };
}
