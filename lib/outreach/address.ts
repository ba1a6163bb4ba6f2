// Who may be contacted: professional addresses that people published for their work. Three
// checks on the address alone (syntax, free-mail provider, `.de`, role address) and one against the
// page the agent names as its source (the address is written there, plainly or obfuscated as
// `name [at] domain`, and the page's registrable domain is the address's).
import { fail } from '../errors.ts';
import { PROFESSIONAL_ADDRESSES_ONLY } from '../error-codes.ts';
import { getDomain } from 'tldts';
import type { AppError } from '../errors.ts';
import { lazy, lazyRequire } from '../lazy.ts';
import { escapeRegExp } from '../text/regex.ts';
import { decodeEntities } from '../net/safe-fetch.ts';

// derhuerst/email-providers (ISC): about 8,800 free and disposable mail domains, read on the first
// address judged (lib/lazy.ts).
const providerList = lazyRequire<unknown>('email-providers/all.json');

/** Providers that the list lacks at this version: privacy relays and paid personal mailboxes. */
const EXTRA_FREE_MAIL = [
  'duck.com',
  'fastmail.com',
  'fastmail.fm',
  'tutanota.com',
  'tutanota.de',
  'tutamail.com',
  'tuta.io',
  'tuta.com',
  'keemail.me',
  'posteo.net',
  'posteo.de',
  'mailbox.org',
  'skiff.com',
  'simplelogin.com',
  'simplelogin.co',
  'slmail.me',
  'aleeas.com',
  'anonaddy.com',
  'anonaddy.me',
  'addy.io',
  'mozmail.com',
  'privaterelay.appleid.com',
  'passmail.net',
  'passinbox.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
];

const freeMail = lazy((): ReadonlySet<string> => {
  const list = providerList();
  return new Set([...(Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string').map((d) => d.toLowerCase()) : []), ...EXTRA_FREE_MAIL]);
});

/**
 * Role local parts: the mailbox of a function, not of a person's published work. Editorial
 * inboxes (tips@, press@, newsroom@, editor@, info@, contact@) are NOT here: an outlet publishes
 * them precisely so that people pitch stories to them, and refusing them would push agents
 * towards personal addresses. See docs/outreach.md.
 */
const ROLE_WORDS: ReadonlySet<string> = new Set([
  // never read by a person
  'noreply',
  'donotreply',
  'noresponse',
  'mailerdaemon',
  'bounce',
  'bounces',
  'unsubscribe',
  'notifications',
  'notification',
  'alerts',
  'daemon',
  'nobody',
  // legal, privacy and compliance
  'privacy',
  'legal',
  'abuse',
  'security',
  'gdpr',
  'dpo',
  'dataprotection',
  'compliance',
  'copyright',
  'dmca',
  'trust',
  'trustandsafety',
  'safety',
  'fraud',
  'phishing',
  'spam',
  'lawyer',
  'counsel',
  'ethics',
  'whistleblower',
  // technical operations
  'postmaster',
  'hostmaster',
  'webmaster',
  'admin',
  'administrator',
  'root',
  'sysadmin',
  'dmarc',
  'dns',
  'ssl',
  'it',
  'noc',
  'ops',
  'devops',
  'cert',
  'csirt',
  'soc',
  'infosec',
  // money, people and customers: not editorial channels
  'billing',
  'invoices',
  'invoice',
  'accounts',
  'accounting',
  'finance',
  'payments',
  'payroll',
  'hr',
  'jobs',
  'careers',
  'recruiting',
  'recruitment',
  'support',
  'help',
  'helpdesk',
  'customerservice',
  'customercare',
  'service',
  'orders',
  'sales',
  'subscriptions',
  'subscribe',
  'membership',
  'investors',
  'ir',
  'procurement',
  'purchasing',
]);

/** Prefixes that mark a machine or role mailbox whatever follows (`noreply-alerts`, `bounces123`). */
const ROLE_PREFIXES = ['noreply', 'donotreply', 'mailerdaemon', 'bounce', 'postmaster', 'abuse', 'privacy', 'security', 'legal'];

export type ParsedAddress = { address: string; local: string; domain: string; registrableDomain: string | null };

const LOCAL_RE = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** Registrable domain (eTLD+1, private suffixes such as github.io count as suffixes). */
export function registrableDomain(host: string): string | null {
  return getDomain(host.toLowerCase().replace(/\.$/, ''), { allowPrivateDomains: true });
}

/** Lowercased and checked syntax, or null. Addresses are compared lowercased (local part too). */
export function parseAddress(input: string): ParsedAddress | null {
  const address = input.trim().toLowerCase();
  if (address.length > 254) return null;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > 64 || !LOCAL_RE.test(local) || !DOMAIN_RE.test(domain) || /^\d+$/.test(domain.split('.').pop() ?? '')) return null;
  return { address, local, domain, registrableDomain: registrableDomain(domain) };
}

export function isFreeMailDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  if (freeMail().has(d)) return true;
  const reg = registrableDomain(d);
  return reg !== null && freeMail().has(reg);
}

export function isRoleLocalPart(local: string): boolean {
  const base = (local.toLowerCase().split('+')[0] ?? '').trim();
  const squashed = base.replace(/[._-]/g, '');
  if (ROLE_WORDS.has(squashed)) return true;
  if (ROLE_PREFIXES.some((p) => squashed.startsWith(p))) return true;
  // `legal.team`, `security-reports`, `press.privacy`: any separated word that is a role word.
  const words = base.split(/[._-]+/).filter(Boolean);
  return words.length > 1 && words.some((w) => ROLE_WORDS.has(w) && w.length > 2);
}

/** The refusal for input that `parseAddress` does not read as an email address. */
export function addressInvalid(): AppError {
  return fail('OUTREACH_ADDRESS_INVALID', `Outreach address rule: not a valid email address. ${PROFESSIONAL_ADDRESSES_ONLY}`);
}

/** The address alone: `.de`, free-mail provider, role address. Null when it passes. */
export function checkContactAddress(parsed: ParsedAddress): AppError | null {
  if (parsed.domain === 'de' || parsed.domain.endsWith('.de')) {
    return fail('OUTREACH_ADDRESS_DE', `Outreach address rule: any .de address is refused. ${PROFESSIONAL_ADDRESSES_ONLY}`, {
      domain: parsed.domain,
    });
  }
  if (isFreeMailDomain(parsed.domain)) {
    return fail(
      'OUTREACH_ADDRESS_FREE_MAIL',
      `Outreach address rule: free-mail provider addresses (${parsed.domain}) are refused. ${PROFESSIONAL_ADDRESSES_ONLY}`,
      { domain: parsed.domain },
    );
  }
  if (isRoleLocalPart(parsed.local)) {
    return fail(
      'OUTREACH_ADDRESS_ROLE',
      `Outreach address rule: role addresses (noreply, privacy, legal, abuse, security and similar) are refused. ${PROFESSIONAL_ADDRESSES_ONLY}`,
      { local_part: parsed.local },
    );
  }
  return null;
}

/** The outlet domain that the 7-day first-contact cap counts by: the address's registrable domain. */
export function outletDomain(parsed: ParsedAddress): string {
  return parsed.registrableDomain ?? parsed.domain;
}

// `@` written as `@`, `[at]`, `(at)`, `{at}`, `<at>`, `[@]`, ` at `; `.` as `.`, `[dot]`, `(dot)`, `[.]`, ` dot `.
const AT = String.raw`(?:\s*@\s*|\s*[[({<]\s*(?:at|@)\s*[\])}>]\s*|\s+at\s+)`;
const DOT = String.raw`(?:\s*\.\s*|\s*[[({<]\s*(?:dot|\.)\s*[\])}>]\s*|\s+dot\s+)`;

/** True when `address` is written in `text`, plainly or as `name [at] domain [dot] tld` and similar. */
export function addressAppearsIn(parsed: ParsedAddress, text: string): boolean {
  const local = escapeRegExp(parsed.local).replace(/\\\./g, DOT);
  const domain = parsed.domain.split('.').map(escapeRegExp).join(DOT);
  const re = new RegExp(`(?<![a-z0-9!#$%&'*+/=?^_\`{|}~.-])${local}${AT}${domain}(?![a-z0-9-]|\\.[a-z0-9])`, 'iu');
  // Pages hide addresses behind entities (`&#64;`, `&#x40;`, `&commat;`): the page reader's decoder.
  return re.test(decodeEntities(text));
}

/** The fetched page: the URL it was finally read from (after redirects) and its text. */
export type FetchedPage = { finalUrl: string; text: string };

/**
 * The address is on the page and the page is on the address's own registrable domain. Run it
 * after `checkContactAddress` and after the page was fetched with `safeFetch`.
 */
export function checkAddressOnPage(parsed: ParsedAddress, page: FetchedPage): AppError | null {
  let pageHost: string;
  try {
    pageHost = new URL(page.finalUrl).hostname.toLowerCase();
  } catch {
    return fail('OUTREACH_SOURCE_URL_INVALID', `Outreach source rule: source_url is not a URL. ${PROFESSIONAL_ADDRESSES_ONLY}`);
  }
  const pageDomain = registrableDomain(pageHost);
  const addressDomain = parsed.registrableDomain;
  if (pageDomain === null || addressDomain === null || pageDomain !== addressDomain) {
    return fail(
      'OUTREACH_ADDRESS_DOMAIN_MISMATCH',
      `Outreach source rule: the address's domain must be the page's own domain (${addressDomain ?? parsed.domain} is not ${
        pageDomain ?? pageHost
      }). ${PROFESSIONAL_ADDRESSES_ONLY}`,
      { address_domain: addressDomain ?? parsed.domain, page_domain: pageDomain ?? pageHost },
    );
  }
  if (!addressAppearsIn(parsed, page.text)) {
    return fail(
      'OUTREACH_ADDRESS_NOT_ON_PAGE',
      `Outreach source rule: the address must be written on the source_url page, plainly or as name [at] domain. ${PROFESSIONAL_ADDRESSES_ONLY}`,
      { page: page.finalUrl },
    );
  }
  return null;
}

/** `source_url` before any fetch: an absolute https URL without credentials. */
export function checkSourceUrl(sourceUrl: string): AppError | null {
  let url: URL;
  try {
    url = new URL(sourceUrl);
  } catch {
    return fail('OUTREACH_SOURCE_URL_INVALID', `Outreach source rule: source_url must be a public https page. ${PROFESSIONAL_ADDRESSES_ONLY}`);
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') {
    return fail(
      'OUTREACH_SOURCE_URL_INVALID',
      `Outreach source rule: source_url must be a public https page (no other scheme, no credentials). ${PROFESSIONAL_ADDRESSES_ONLY}`,
    );
  }
  return null;
}
