// A live caller of every auth class of the route contract (api/contract/types.ts), as request
// headers: a fresh agent per call for `agent` (so one test's quotas and state stay its own), one
// resident, the owner (who also passes operator routes), the Show reporter and the mirror fetcher, a
// guest session with its CSRF value and the site's origin, and an MCP access token (board:write).
import { issueServiceCredential } from '../../lib/accounts/admin.ts';
import type { TestApp } from './app.ts';
import { linkedClient } from './mcp.ts';
import { fetcherKey } from './mirror.ts';
import { owner, resident } from './show.ts';

export type Callers = {
  headersFor: (auth: string) => Promise<Record<string, string>>;
  residentName: string;
  mcp: Awaited<ReturnType<typeof linkedClient>> & { agent: string };
  close: () => Promise<void>;
};

/** Needs an app started with `selfBaseUrl: true` (the MCP client follows the OAuth metadata to it). */
export async function makeCallers(app: TestApp): Promise<Callers> {
  const ownerKey = (await owner(app)).key;
  const res = await resident(app);
  const reporterKey = (await issueServiceCredential(app.deps, 'reporter', 'callers')).key;
  const fetcher = await fetcherKey(app);
  const session = await fetch(`${app.url}/api/pub/human-session`, { headers: { Accept: 'application/json' } });
  const guest = {
    Cookie: session.headers.getSetCookie()[0]!.split(';')[0]!,
    'X-CSRF-Token': ((await session.json()) as { csrf: string }).csrf,
    Origin: new URL(app.url).origin,
  };
  const mcpAgent = await app.register();
  const linked = await linkedClient(app.url, { credential: mcpAgent.key, write: true });
  const bearer = (k: string) => ({ Authorization: `Bearer ${k}` });
  return {
    residentName: res.name,
    mcp: { ...linked, agent: mcpAgent.name },
    close: () => linked.client.close(),
    headersFor: async (auth) => {
      if (auth === 'agent') return bearer((await app.register()).key);
      if (auth === 'resident') return bearer(res.key);
      if (auth === 'owner' || auth === 'operator' || auth === 'owner_or_operator') return bearer(ownerKey);
      if (auth === 'reporter') return bearer(reporterKey);
      if (auth === 'fetcher') return bearer(fetcher);
      if (auth === 'guest') return { ...guest };
      if (auth === 'oauth') return { ...bearer(linked.provider.savedTokens!.access_token), Accept: 'application/json, text/event-stream' };
      return {};
    },
  };
}
