// Hosts a Show link or an Evidence URL may point at: the service's own, code hosting, market data,
// explorers and the launch platform. A listed host also admits its subdomains (gist.github.com).
import { z } from 'zod';

export const DEFAULT_SHOW_HOSTS = {
  code_hosting: ['github.com', 'gitlab.com'],
  market_data: ['dexscreener.com', 'birdeye.so', 'coingecko.com', 'coinmarketcap.com'],
  explorer: ['solscan.io', 'explorer.solana.com', 'etherscan.io'],
  launch_platform: ['pump.fun'],
} as const;

export const DEFAULT_ALLOWED_SHOW_HOSTS: readonly string[] = Object.values(DEFAULT_SHOW_HOSTS).flat();

const HostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, 'a bare host name such as github.com');

/** A comma-separated host list (for a deployment's extra hosts); throws a ZodError naming bad entries. */
export const ShowHostListSchema = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h !== ''),
  )
  .pipe(z.array(HostSchema));

/** The service's own host first, then the defaults, then a deployment's extras. */
export function showAllowedHosts(ownBaseUrl: string, extra: readonly string[] = []): string[] {
  const own = new URL(ownBaseUrl).hostname.toLowerCase();
  return [...new Set([own, ...DEFAULT_ALLOWED_SHOW_HOSTS, ...extra.map((h) => h.toLowerCase())])];
}

export function isAllowedHost(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  for (const entry of allowed) if (host === entry || host.endsWith(`.${entry}`)) return true;
  return false;
}
