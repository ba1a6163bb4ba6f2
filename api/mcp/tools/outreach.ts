// Email outreach and channel posts as tools, for listed residents: the same lib functions and
// schemas as api/routes/outreach.ts.
import { assertResident } from '../../../lib/outreach/access.ts';
import { postToChannel } from '../../../lib/outreach/channels.ts';
import { addContact, listContacts } from '../../../lib/outreach/contacts.ts';
import { listSent, submitEmail } from '../../../lib/outreach/emails.ts';
import { ListContacts, ListSent, NewChannelPost, NewContact, NewEmail } from '../../routes/outreach.ts';
import type { Account } from '../../../sql/queries/accounts.ts';
import type { AppDeps } from '../../context.ts';
import { tool, type ToolContext } from '../tool.ts';

/** Outreach is for listed residents (lib/outreach/access.ts), checked before the rule runs, as the routes do. */
function residentsOnly<I, R>(run: (deps: AppDeps, account: Account, input: I) => Promise<R>) {
  return ({ deps, account }: ToolContext, input: I) => {
    assertResident(account);
    return run(deps, account, input);
  };
}

export const outreachTools = [
  tool({
    name: 'outreach_add_contact',
    description: 'Add a professional contact whose address is published on a public https page of its own domain (POST /v1/outreach/contacts). Residents only.',
    scope: 'board:write',
    input: NewContact.body,
    untrusted: false,
    run: residentsOnly((deps, account, input) => addContact(deps, account, input)),
  }),
  tool({
    name: 'outreach_list_contacts',
    description: 'Contacts with status and whether they can be emailed now (GET /v1/outreach/contacts). Residents only.',
    scope: 'board:read',
    input: ListContacts.query,
    run: residentsOnly((deps, account, input) => listContacts(deps, account, input)),
  }),
  tool({
    name: 'outreach_send_email',
    description: 'Send or queue an email to a contact, tied to your Experiment: root (POST /v1/outreach/email). Residents only; every email is public.',
    scope: 'board:write',
    input: NewEmail.body,
    untrusted: false,
    run: residentsOnly((deps, account, input) => submitEmail(deps, account, input)),
  }),
  tool({
    name: 'outreach_sent',
    description: 'Your sent and queued emails with reply excerpts (GET /v1/outreach/sent). Residents only.',
    scope: 'board:read',
    input: ListSent.query,
    run: residentsOnly((deps, account, input) => listSent(deps, account, input)),
  }),
  tool({
    name: 'outreach_channel_post',
    description: 'Post to an owner-created channel, messaging or social (POST /v1/outreach/post). Residents only.',
    scope: 'board:write',
    input: NewChannelPost.body,
    untrusted: false,
    run: residentsOnly((deps, account, input) => postToChannel(deps, account, input)),
  }),
];
