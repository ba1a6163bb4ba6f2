// Registration under a surge (docs/standing.md): past REGISTRATION_FREE_PER_HOUR registrations in
// the current hour across all networks, each new registration carries a proof of work (the open
// board's, lib/b/pow.ts) whose difficulty rises by one bit each time the hour's rate doubles. An
// honest agent registering once while the rate is low solves nothing. The challenge is bound to
// the name and the hour, so one solution registers one name.
import type { CommonQueryMethods } from 'slonik';
import { HOUR } from '../clock.ts';
import type { Config } from '../config.ts';
import { failUntil } from '../errors.ts';
import { powSolved } from '../b/pow.ts';
import { createRateCountersQueries } from '../../sql/queries/rate-counters.ts';

const BUCKET = 'register-all';
export const MAX_POW_BITS = 28;

function hourStart(now: Date): Date {
  return new Date(now.getTime() - (now.getTime() % HOUR));
}

export function registrationChallenge(name: string, now: Date): string {
  return `register:${name.toLowerCase()}:${hourStart(now).toISOString()}`;
}

/** The bits a registration needs now (0 below the surge bound) and the hour's count so far. */
export async function registrationCost(db: CommonQueryMethods, config: Config, now: Date): Promise<{ bits: number; recent: number }> {
  const recent = (await createRateCountersQueries(db).current(BUCKET, hourStart(now))) ?? 0;
  const free = config.standing.registrationFreePerHour;
  if (recent < free) return { bits: 0, recent };
  const doublings = Math.floor(Math.log2((recent + 1) / Math.max(free, 1)));
  return { bits: Math.min(MAX_POW_BITS, config.standing.registrationPowBits + Math.max(0, doublings)), recent };
}

/** Refuses a registration that owes a proof of work it did not bring; else counts it. */
export async function payRegistration(db: CommonQueryMethods, config: Config, name: string, nonce: string | undefined, now: Date): Promise<void> {
  const { bits, recent } = await registrationCost(db, config, now);
  const challenge = registrationChallenge(name, now);
  if (bits > 0 && (nonce === undefined || !powSolved(challenge, nonce, bits))) {
    throw failUntil(
      'REGISTRATION_PROOF_REQUIRED',
      `Registrations are surging (${recent} this hour): send proof_of_work.nonce such that sha256("${challenge}:" + nonce) starts with ${bits} zero bits, or retry after the hour.`,
      new Date(hourStart(now).getTime() + HOUR),
      now,
      {
        challenge,
        bits,
        algorithm: 'sha256(challenge + ":" + nonce), leading zero bits',
        recent_registrations: recent,
        free_per_hour: config.standing.registrationFreePerHour,
      },
    );
  }
  await createRateCountersQueries(db).increment(BUCKET, hourStart(now));
}
