import { PROFESSIONAL_ADDRESSES_ONLY } from '../../../lib/error-codes.ts';
import test from 'ava';
import {
  addressAppearsIn as appearsIn,
  addressInvalid,
  checkAddressOnPage as onPage,
  checkContactAddress,
  checkSourceUrl,
  isFreeMailDomain,
  isRoleLocalPart,
  outletDomain,
  parseAddress,
} from '../../../lib/outreach/address.ts';
import { htmlToText } from '../../../lib/net/safe-fetch.ts';
import type { FetchedPage } from '../../../lib/outreach/address.ts';

// The rules take a parsed address (callers parse once); these read the address as written.
const parsed = (address: string) => {
  const p = parseAddress(address);
  if (!p) throw new Error(`not an address: ${address}`);
  return p;
};
const checkAddress = (address: string) => {
  const p = parseAddress(address);
  return p ? checkContactAddress(p) : addressInvalid();
};
const addressAppearsIn = (address: string, text: string) => appearsIn(parsed(address), text);
const checkAddressOnPage = (address: string, page: FetchedPage) => onPage(parsed(address), page);

const addressCases: Array<[string, string | null]> = [
  ['jane.doe@example.org', null],
  ['Jane.Doe@Example.ORG', null],
  ['tips@example.org', null], // editorial inbox: allowed (docs/outreach.md)
  ['press@example.org', null],
  ['newsroom@example.org', null],
  ['info@example.org', null],
  ['jane@newsroom.example.co.uk', null],
  ['not-an-address', 'OUTREACH_ADDRESS_INVALID'],
  ['jane@', 'OUTREACH_ADDRESS_INVALID'],
  ['@example.org', 'OUTREACH_ADDRESS_INVALID'],
  ['jane@@example.org', 'OUTREACH_ADDRESS_INVALID'],
  ['jane@1.2.3.4', 'OUTREACH_ADDRESS_INVALID'],
  ['jane doe@example.org', 'OUTREACH_ADDRESS_INVALID'],
  ['jane@example.de', 'OUTREACH_ADDRESS_DE'],
  ['jane@redaktion.zeitung.de', 'OUTREACH_ADDRESS_DE'],
  ['jane@web.de', 'OUTREACH_ADDRESS_DE'], // .de is checked first
  ['jane@gmail.com', 'OUTREACH_ADDRESS_FREE_MAIL'],
  ['jane@GoogleMail.com', 'OUTREACH_ADDRESS_FREE_MAIL'],
  ['jane@outlook.com', 'OUTREACH_ADDRESS_FREE_MAIL'],
  ['jane@yahoo.co.uk', 'OUTREACH_ADDRESS_FREE_MAIL'],
  ['jane@proton.me', 'OUTREACH_ADDRESS_FREE_MAIL'],
  ['jane@pm.me', 'OUTREACH_ADDRESS_FREE_MAIL'],
  ['jane@icloud.com', 'OUTREACH_ADDRESS_FREE_MAIL'],
  ['jane@duck.com', 'OUTREACH_ADDRESS_FREE_MAIL'],
  ['jane@fastmail.com', 'OUTREACH_ADDRESS_FREE_MAIL'],
  ['jane@mailinator.com', 'OUTREACH_ADDRESS_FREE_MAIL'],
  ['noreply@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['no-reply@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['do_not_reply@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['noreply-alerts@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['privacy@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['legal@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['legal.team@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['abuse@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['security@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['security-reports@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['postmaster@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['webmaster@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['admin@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['mailer-daemon@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['gdpr@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['support@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['billing@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['careers@example.org', 'OUTREACH_ADDRESS_ROLE'],
  ['privacy+news@example.org', 'OUTREACH_ADDRESS_ROLE'],
];

for (const [address, code] of addressCases) {
  test(`checkContactAddress ${address} → ${code ?? 'ok'}`, (t) => {
    const err = checkAddress(address);
    t.is<string | null, string | null>(err?.code ?? null, code);
    if (err) {
      t.is(err.status, 422);
      t.true(err.message.includes(PROFESSIONAL_ADDRESSES_ONLY), 'every address refusal says which addresses are allowed');
      t.regex(err.message, /private individuals, bought, rented or scraped lists, and guessed addresses are not/);
    }
  });
}

test('role detection does not catch ordinary names', (t) => {
  for (const local of ['jane', 'jane.doe', 'j.smith', 'adminson', 'legrand', 'itzel', 'securo', 'hrithik']) {
    t.false(isRoleLocalPart(local), local);
  }
});

test('free-mail list comes from a maintained package plus a few relays', (t) => {
  t.true(isFreeMailDomain('gmail.com'));
  t.true(isFreeMailDomain('mail.yandex.ru') || isFreeMailDomain('yandex.ru'));
  t.false(isFreeMailDomain('example.org'));
  t.false(isFreeMailDomain('nytimes.com'));
});

test('parseAddress lowercases and splits; outletDomain is the registrable domain', (t) => {
  t.deepEqual(parseAddress(' Jane@News.Example.CO.UK '), {
    address: 'jane@news.example.co.uk',
    local: 'jane',
    domain: 'news.example.co.uk',
    registrableDomain: 'example.co.uk',
  });
  t.is(outletDomain(parsed('jane@news.example.co.uk')), 'example.co.uk');
  t.is(parseAddress('bad'), null);
});

const pageForms: Array<[string, boolean]> = [
  ['Contact: jane.doe@example.org', true],
  ['Contact: JANE.DOE@EXAMPLE.ORG', true],
  ['jane.doe [at] example.org', true],
  ['jane.doe[at]example.org', true],
  ['jane.doe (at) example.org', true],
  ['jane.doe {at} example [dot] org', true],
  ['jane.doe at example dot org', true],
  ['jane [dot] doe [at] example [dot] org', true],
  ['jane.doe [@] example [.] org', true],
  ['jane.doe&#64;example.org', true],
  ['jane.doe&#x40;example&#46;org', true],
  ['jane.doe&commat;example.org', true],
  ['Email jane.doe@example.org.', true], // sentence full stop
  ['xjane.doe@example.org', false], // a different address
  ['jane.doe@example.org.evil.net', false],
  ['jane.doe@example.organic', false],
  ['jane.doe', false],
  ['jane doe at example', false],
];

for (const [text, expected] of pageForms) {
  test(`addressAppearsIn ${JSON.stringify(text)} → ${expected}`, (t) => {
    t.is(addressAppearsIn('jane.doe@example.org', text), expected);
  });
}

test('addresses only in a mailto: link or behind Cloudflare protection are found via htmlToText', (t) => {
  const mailto = htmlToText('<p>Write to <a href="mailto:jane.doe%40example.org?subject=Hi">Jane</a></p>');
  t.true(addressAppearsIn('jane.doe@example.org', mailto));
  // Cloudflare: key 0x42 XOR "a@example.org"
  const encoded = [...'a@example.org'].reduce((hex, c) => hex + (c.charCodeAt(0) ^ 0x42).toString(16).padStart(2, '0'), '42');
  const cf = htmlToText(`<a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="${encoded}">[email&#160;protected]</a>`);
  t.true(addressAppearsIn('a@example.org', cf));
});

test('checkAddressOnPage: the address on a page of its own registrable domain passes', (t) => {
  t.is(checkAddressOnPage('jane.doe@example.org', { finalUrl: 'https://www.example.org/masthead', text: 'Editor: jane.doe [at] example.org' }), null);
  t.is(checkAddressOnPage('jane@news.example.co.uk', { finalUrl: 'https://example.co.uk/team', text: 'jane@news.example.co.uk' }), null);
});

test('checkAddressOnPage: another registrable domain is refused, also behind a shared suffix', (t) => {
  const other = checkAddressOnPage('jane.doe@example.org', { finalUrl: 'https://blog.example.net/about', text: 'jane.doe@example.org' });
  t.is(other?.code, 'OUTREACH_ADDRESS_DOMAIN_MISMATCH');
  t.deepEqual(other?.details, { address_domain: 'example.org', page_domain: 'example.net' });
  // co.uk is a public suffix: example.co.uk and other.co.uk are different outlets
  t.is(checkAddressOnPage('jane@example.co.uk', { finalUrl: 'https://other.co.uk/', text: 'jane@example.co.uk' })?.code, 'OUTREACH_ADDRESS_DOMAIN_MISMATCH');
  // github.io is a private suffix: a user page does not vouch for addresses at github.io
  t.is(checkAddressOnPage('me@github.io', { finalUrl: 'https://someone.github.io/', text: 'me@github.io' })?.code, 'OUTREACH_ADDRESS_DOMAIN_MISMATCH');
});

test('checkAddressOnPage: an address missing from the page is refused with the rule', (t) => {
  const err = checkAddressOnPage('jane.doe@example.org', { finalUrl: 'https://example.org/', text: 'Our editors: john@example.org' });
  t.is(err?.code, 'OUTREACH_ADDRESS_NOT_ON_PAGE');
  t.regex(err?.message ?? '', /plainly or as name \[at\] domain/);
  t.true(err?.message.includes(PROFESSIONAL_ADDRESSES_ONLY));
});

test('checkSourceUrl: https only, no credentials', (t) => {
  t.is(checkSourceUrl('https://example.org/contact'), null);
  t.is(checkSourceUrl('http://example.org/contact')?.code, 'OUTREACH_SOURCE_URL_INVALID');
  t.is(checkSourceUrl('https://user:pw@example.org/')?.code, 'OUTREACH_SOURCE_URL_INVALID');
  t.is(checkSourceUrl('example.org')?.code, 'OUTREACH_SOURCE_URL_INVALID');
});
