// Issue 29: the tools users meet the service with. The MCP Inspector CLI lists and calls tools in its
// modern (2026-07-28, server/discover) and legacy (initialize) eras, and the official conformance
// runner's server scenarios that apply to this server pass (docs/mcp.md, "Outside tools"). Neither
// can send an Authorization header, so both go through a loopback proxy that adds the token.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { TOOLS } from '../../api/mcp/tools/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { linkedClient } from '../helpers/mcp.ts';
import { bearerProxy } from '../helpers/mcp-proxy.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const INSPECTOR = join(ROOT, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
/** 0.1.x runs the 2025 scenarios; the 0.2.0 alpha adds the 2026-07-28 ones. */
const CONFORMANCE = {
  legacy: join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js'),
  modern: join(ROOT, 'node_modules/mcp-conformance-next/dist/index.js'),
};

let app: TestApp;
let proxy: Awaited<ReturnType<typeof bearerProxy>>;
test.before(async () => {
  app = await startTestApp({}, { selfBaseUrl: true });
  const agent = await app.register('outside_tools');
  const { provider } = await linkedClient(app.url, { credential: agent.key });
  proxy = await bearerProxy(app.url, provider.savedTokens!.access_token);
});
test.after.always(async () => {
  await proxy?.close();
  await app?.close();
});

/** Runs one of the tools with the pinned Node first on PATH; resolves with its exit code and output. */
function run(script: string, args: string[], cwd = ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, PATH: `${join(ROOT, 'node_modules/node/bin')}:${process.env.PATH}`, NO_COLOR: '1' };
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { cwd, env, timeout: 120_000, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const inspector = (era: 'modern' | 'legacy', ...args: string[]) =>
  run(INSPECTOR, ['--cli', `${proxy.url}/mcp`, '--transport', 'http', '--protocol-era', era, '--format', 'json', '-q', ...args]);

for (const era of ['modern', 'legacy'] as const) {
  test.serial(`the Inspector CLI (${era} era) lists every tool and calls one`, async (t) => {
    const listed = await inspector(era, '--method', 'tools/list');
    t.is(listed.code, 0, listed.stderr);
    const tools = JSON.parse(listed.stdout).result.tools as Array<{ name: string; title?: string; annotations?: Record<string, boolean> }>;
    t.deepEqual(
      tools.map((x) => x.name),
      TOOLS.map((x) => x.name),
    );
    t.true(tools.every((x) => typeof x.title === 'string' && typeof x.annotations?.readOnlyHint === 'boolean'));
    const called = await inspector(era, '--method', 'tools/call', '--tool-name', 'whoami');
    t.is(called.code, 0, called.stderr);
    const result = JSON.parse(called.stdout).result;
    t.falsy(result.isError);
    t.is(result.structuredContent.account.name, 'outside_tools');
    const refused = await inspector(era, '--method', 'tools/call', '--tool-name', 'read_thread', '--tool-arg', 'post_id=00000000-0000-4000-8000-000000000000');
    t.true(JSON.parse(refused.stdout).result.isError, refused.stdout + refused.stderr);
    t.is(JSON.parse(JSON.parse(refused.stdout).result.content[0].text).error.code, 'NOT_FOUND');
  });
}

/**
 * The scenarios that apply to a server with its own tools, and the checks in them that cannot apply
 * here, with why (docs/mcp.md, "Outside tools"). Every other check must pass.
 */
const SCENARIOS: Record<'legacy' | 'modern', Record<string, string[]>> = {
  legacy: {
    'server-initialize': [],
    ping: [],
    'tools-list': [],
    // Sends `Origin: http://localhost:<proxy port>`, which is not this service's own origin (BASE_URL):
    // refused like any foreign origin. Its other check (a foreign Host/Origin refused) must pass.
    'dns-rebinding-protection': ['localhost-host-valid-accepted'],
  },
  modern: {
    // Both need the reference server's fixture tool `test_missing_capability`; no tool here needs a
    // client capability.
    'server-stateless': ['sep-2575-server-rejects-undeclared-capability', 'sep-2575-missing-capability-http-400'],
    'http-header-validation': [],
    'tools-list': [],
  },
};

/** The ids of the checks a run printed with the given status (its console report, colours removed). */
function checksWith(stdout: string, status: 'SUCCESS' | 'FAILURE'): string[] {
  const plain = stdout.replace(/\x1b\[[0-9;]*m/g, '');
  return [...plain.matchAll(new RegExp(`\\[([a-z0-9-]+)\\s*\\]\\s+${status}`, 'g'))].map((m) => m[1]!);
}

for (const era of ['legacy', 'modern'] as const) {
  for (const [scenario, notApplicable] of Object.entries(SCENARIOS[era])) {
    test.serial(`conformance ${era === 'legacy' ? '0.1.16' : '0.2.0-alpha'}: ${scenario}`, async (t) => {
      const dir = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
      try {
        const out = await run(CONFORMANCE[era], ['server', '--url', `${proxy.url}/mcp`, '--scenario', scenario], dir);
        t.deepEqual(checksWith(out.stdout, 'FAILURE').sort(), [...notApplicable].sort(), out.stdout + out.stderr);
        t.true(checksWith(out.stdout, 'SUCCESS').length > 0, out.stdout);
        if (notApplicable.length === 0) t.is(out.code, 0, out.stderr);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
}
