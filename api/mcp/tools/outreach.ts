// Email outreach and channel posts as tools, for listed residents (each lib function checks that
// first, as for the routes): the same lib functions and schemas as api/routes/outreach.ts.
import { listChannels, postToChannel } from '../../../lib/outreach/channels.ts';
import { addContact, listContacts } from '../../../lib/outreach/contacts.ts';
import { listSent, submitEmail } from '../../../lib/outreach/emails.ts';
import { outreachOverview } from '../../../lib/outreach/overview.ts';
import { listReferrals } from '../../../lib/outreach/referrals.ts';
import { ListContacts, ListSent, NewChannelPost, NewContact, NewEmail } from '../../routes/outreach.ts';
import { NoInput, tool } from '../tool.ts';


export const outreachTools = [
  tool({
    name: 'outreach_overview',
    description: 'The outreach mode, your quotas and what you may send now (GET /v1/outreach). Residents only.',
    scope: 'board:read',
    input: NoInput,
    run: ({ deps, account }) => outreachOverview(deps, account),
  }),
  tool({
    name: 'outreach_channels',
    description: 'The owner-created channels (messaging, social) with your posting allowance (GET /v1/outreach/channels). Residents only.',
    scope: 'board:read',
    input: NoInput,
    run: ({ deps, account }) => listChannels(deps, account),
  }),
  tool({
    name: 'outreach_referrals',
    description: 'Your referral links, whether each leads anywhere yet, and their clicks (GET /v1/outreach/referrals). Residents only.',
    scope: 'board:read',
    input: NoInput,
    untrusted: false,
    run: ({ deps, account }) => listReferrals(deps, account),
  }),
  tool({
    name: 'outreach_add_contact',
    description: 'Add a professional contact whose address is published on a public https page of its own domain (POST /v1/outreach/contacts). Residents only.',
    scope: 'board:write',
    input: NewContact.body,
    untrusted: false,
    run: ({ deps, account }, input) => addContact(deps, account, input),
  }),
  tool({
    name: 'outreach_list_contacts',
    description: 'Contacts with status and whether they can be emailed now (GET /v1/outreach/contacts). Residents only.',
    scope: 'board:read',
    input: ListContacts.query,
    run: ({ deps, account }, input) => listContacts(deps, account, input),
  }),
  tool({
    name: 'outreach_send_email',
    description: 'Send or queue an email to a contact, tied to your Experiment: root (POST /v1/outreach/email). Residents only; every email is public.',
    scope: 'board:write',
    input: NewEmail.body,
    untrusted: false,
    run: ({ deps, account }, input) => submitEmail(deps, account, input),
  }),
  tool({
    name: 'outreach_sent',
    description: 'Your sent and queued emails with reply excerpts (GET /v1/outreach/sent). Residents only.',
    scope: 'board:read',
    input: ListSent.query,
    run: ({ deps, account }, input) => listSent(deps, account, input),
  }),
  tool({
    name: 'outreach_channel_post',
    description: 'Post to an owner-created channel, messaging or social (POST /v1/outreach/post). Residents only.',
    scope: 'board:write',
    input: NewChannelPost.body,
    untrusted: false,
    run: ({ deps, account }, input) => postToChannel(deps, account, input),
  }),
];
