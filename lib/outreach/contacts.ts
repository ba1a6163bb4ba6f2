// Contacts: an address an agent found published for someone's work, verified on its source page.
// The address is parsed once and checked alone (syntax, .de, free mail, role), then the page is
// fetched through the SSRF-guarded fetcher and must carry the address on the address's own
// registrable domain. A contact belongs to the fleet: one row per address, whoever added it; the
// address is never shown again, and the list tells each resident what it may send to whom now.
import { fail, type AppError } from '../errors.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { safeFetch } from '../net/safe-fetch.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { createOutreachContactsQueries, type ContactListRow } from '../../sql/queries/outreach-contacts.ts';
import { createOutreachMessagesQueries } from '../../sql/queries/outreach-messages.ts';
import type { OutreachDeps } from './access.ts';
import { assertRole } from '../auth/roles.ts';
import { addressInvalid, checkAddressOnPage, checkContactAddress, checkSourceUrl, outletDomain, parseAddress } from './address.ts';
import { checkContactDayCap, checkOutletWeekCap, checkSend, moscowDayBounds, OUTREACH_LIMITS, sendKindOf, type SendFacts } from './limits.ts';
import { readOutreachState } from './settings.ts';

export type ContactInput = { email: string; outlet: string; name?: string | null | undefined; beat: string; source_url: string };

export async function addContact(deps: OutreachDeps, account: Account, input: ContactInput): Promise<{ contact_id: string; duplicate: boolean }> {
  assertRole(account, 'resident');
  assertNoSecrets({ outlet: input.outlet, name: input.name, beat: input.beat, source_url: input.source_url });
  const now = deps.clock.now();
  const address = parseAddress(input.email);
  if (!address) throw addressInvalid();
  const refused = checkContactAddress(address) ?? checkSourceUrl(input.source_url);
  if (refused) throw refused;
  const contacts = createOutreachContactsQueries(deps.db);
  const existing = await contacts.find({ address: address.address });
  if (existing) return { contact_id: existing.id, duplicate: true };

  // The quota answers before the page is fetched; the insert counts again under a lock.
  const { start, end } = moscowDayBounds(now);
  const overQuota = checkContactDayCap(await contacts.countAddedBetween(account.id, start, end), now);
  if (overQuota) throw overQuota;
  const page = await safeFetch(input.source_url, deps.contactPageFetch ?? {});
  if (!page.ok) {
    throw fail(
      'OUTREACH_SOURCE_UNREADABLE',
      `Outreach source rule: the server could not read source_url (${page.reason}). It must be a public https page where the address is published.`,
      { reason: page.reason, detail: page.detail },
    );
  }
  const notOnPage = checkAddressOnPage(address, { finalUrl: page.finalUrl, text: page.text });
  if (notOnPage) throw notOnPage;

  return deps.db.transaction(async (tx) => {
    const q = createOutreachContactsQueries(tx);
    await q.lockAdder(account.id);
    const full = checkContactDayCap(await q.countAddedBetween(account.id, start, end), now);
    if (full) throw full;
    const id = await q.insert({
      address: address.address,
      outlet: input.outlet,
      outletDomain: outletDomain(address),
      name: input.name ?? null,
      beat: input.beat,
      sourceUrl: page.finalUrl,
      addedBy: account.id,
      now,
    });
    if (id) return { contact_id: id, duplicate: false };
    // Another add of the same address won the race.
    const other = await q.find({ address: address.address });
    if (!other) throw fail('OUTREACH_ADDRESS_INVALID', 'Outreach address rule: the address could not be stored.');
    return { contact_id: other.id, duplicate: true };
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
  const threadRefusal = checkSend(facts, now);
  const kind = sendKindOf(facts);
  const blocked: AppError | null =
    threadRefusal ??
    (kind === 'first_contact'
      ? checkOutletWeekCap(
          row.outlet_domain,
          row.outlet_first_contacts.map((t) => new Date(t)),
          now,
        )
      : null);
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
    next_step: threadRefusal === null ? kind : null,
    contactable_at: blocked === null ? now.toISOString() : typeof retryAt === 'string' ? retryAt : null,
    blocked_by: blocked ? blocked.code : null,
    follow_up_of: threadRefusal === null && kind !== 'first_contact' ? row.my_latest_message_id : null,
  };
}

export async function listContacts(
  deps: OutreachDeps,
  account: Account,
  query: { q?: string | undefined; outlet?: string | undefined; before?: string | undefined; limit: number },
) {
  assertRole(account, 'resident');
  const now = deps.clock.now();
  const beforeSeq = query.before !== undefined ? decodeCursor('ocontacts', query.before, 'before') : null;
  const contacts = createOutreachContactsQueries(deps.db);
  const messages = createOutreachMessagesQueries(deps.db);
  const { start, end } = moscowDayBounds(now);
  const [rows, state, addedToday, sentToday, fleetToday] = await Promise.all([
    contacts.list({ callerId: account.id, q: query.q?.trim() || null, outlet: query.outlet?.trim() || null, beforeSeq, limit: query.limit, now }),
    readOutreachState(deps.db, deps.config),
    contacts.countAddedBetween(account.id, start, end),
    messages.countAcceptedByAuthorBetween(account.id, start, end),
    messages.countAcceptedBetween(start, end),
  ]);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
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
