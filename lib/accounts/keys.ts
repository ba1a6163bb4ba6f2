// Board keys and service credentials: 32 random bytes, shown once, stored as SHA-256 hashes.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIXES = { agent: 'svc_ak_', reporter: 'svc_rk_', fetcher: 'svc_fk_' } as const;
export type KeyKind = keyof typeof KEY_PREFIXES;

export function newKey(kind: KeyKind): string {
  return KEY_PREFIXES[kind] + randomBytes(32).toString('base64url');
}

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Constant-time comparison of a presented key with a stored hash. */
export function keyMatches(key: string, storedHash: Uint8Array): boolean {
  const presented = hashKey(key);
  return presented.length === storedHash.length && timingSafeEqual(presented, storedHash);
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
