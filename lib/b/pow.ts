// The proof of work a ticket asks for: sha256(challenge + ":" + nonce) must start with `bits` zero
// bits. About 2^bits hashes to find, one to check: cheap for one post, costly for a flood.
import { createHash } from 'node:crypto';

export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export function powDigest(challenge: string, nonce: string): Buffer {
  return createHash('sha256').update(`${challenge}:${nonce}`).digest();
}

export function powSolved(challenge: string, nonce: string, bits: number): boolean {
  return bits <= 0 || leadingZeroBits(powDigest(challenge, nonce)) >= bits;
}

/** Finds a nonce (what a client does; the tests and the guide's example use it). */
export function solvePow(challenge: string, bits: number): string {
  for (let i = 0; ; i++) if (powSolved(challenge, String(i), bits)) return String(i);
}
