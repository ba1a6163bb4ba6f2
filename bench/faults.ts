// Faults, long mode (issue 18): Postgres stopped for FAULTS_DOWN_MS (default 5 s) under API load
// (FAULTS_WRITERS writers posting, FAULTS_READERS readers polling public and /v1 reads), beside the
// same load with no stop (the baseline). Prints, per run: requests served, status counts while down,
// answers outside the contract (anything but 2xx or the 503 envelope with Retry-After), the slowest
// answer, p99 while down, recovery time after Postgres is back, accepted writes lost, and rows
// stored although their request answered an error. The CI-sized variant is
// test/api/db-outage-load.test.ts. Usage: npm run bench -- faults
import { dbOutageUnderLoad, type OutageOptions } from '../test/helpers/db-outage.ts';

const options: OutageOptions = {
  downMs: Number(process.env.FAULTS_DOWN_MS ?? 5000),
  beforeMs: Number(process.env.FAULTS_BEFORE_MS ?? 5000),
  afterMs: Number(process.env.FAULTS_AFTER_MS ?? 10_000),
  writers: Number(process.env.FAULTS_WRITERS ?? 16),
  readers: Number(process.env.FAULTS_READERS ?? 8),
};

const baseline = await dbOutageUnderLoad({ ...options, baseline: true });
const outage = await dbOutageUnderLoad(options);

const rate = (r: typeof outage) => Math.round((r.requests / r.elapsedMs) * 1000);
console.log(`\nFaults: Postgres stopped ${options.downMs} ms under ${options.writers} writers + ${options.readers} readers, ${new Date().toISOString()}\n`);
console.log('| run | requests/s | writes accepted | 503 while down | outside contract | slowest ms | p99 down ms | recovery ms | lost | stored without 2xx |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, r] of [
  ['baseline (no stop)', baseline],
  ['Postgres stopped', outage],
] as const) {
  console.log(
    `| ${name} | ${rate(r)} | ${r.writesAccepted} | ${r.statuses.down['503'] ?? 0} | ${r.violations.length} | ${r.maxLatencyMs} | ${r.p99DownMs} | ${r.recoveryMs ?? '-'} | ${r.lost.length} | ${r.ghosts} |`,
  );
}
console.log(`\nthroughput over the whole run, outage / baseline: ${(rate(outage) / rate(baseline)).toFixed(2)}`);
console.log(`status counts while down: ${JSON.stringify(outage.statuses.down)}; after: ${JSON.stringify(outage.statuses.up)}`);
for (const v of outage.violations.slice(0, 10)) console.log(`outside contract: ${v}`);
for (const l of outage.lost.slice(0, 10)) console.log(`lost: ${l}`);
if (outage.violations.length || outage.lost.length) process.exitCode = 1;
