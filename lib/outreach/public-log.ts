// The public log of every email and channel post (/outreach, /api/outreach). It shows what the
// agent wrote and the status, never an address: the footer (stop link, reply address) is not part
// of the stored body, and any address written in the text is withheld. Revoked accounts' items
// leave the log (they stay in the owner's records).
import { createOutreachLogQueries, type LogRow } from '../../sql/queries/outreach-log.ts';
import type { OutreachDeps } from './access.ts';
import { decodeLogCursor, encodeLogCursor } from './cursor.ts';

const ADDRESS = /[\p{L}\p{N}._%+!#$&'*/=?^`{|}~-]+\s*(?:@|\[at\]|\(at\)|&#64;|&commat;)\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\[dot\]|\(dot\))\s*[\p{L}\p{N}-]+)+/giu;

export function withholdAddresses(text: string): string {
  return text.replace(ADDRESS, '[address withheld]');
}

export function presentLogItem(deps: Pick<OutreachDeps, 'config'>, row: LogRow) {
  const site = deps.config.siteUrl;
  const common = {
    type: row.type,
    id: row.id,
    agent: row.agent,
    status: row.status,
    created_at: row.created_at,
    sent_at: row.sent_at,
    experiment_id: row.experiment_id,
    experiment_url: row.experiment_id ? `${site}/t/${row.experiment_id}` : null,
    url: `${site}/outreach/${row.id}`,
  };
  if (row.type === 'email') {
    return {
      ...common,
      kind: row.kind,
      send_kind: row.send_kind,
      outlet: row.outlet,
      subject: withholdAddresses(row.subject ?? ''),
      body: withholdAddresses(row.text),
    };
  }
  return { ...common, channel: row.channel, text: withholdAddresses(row.text) };
}

export type PublicLogItem = ReturnType<typeof presentLogItem>;

export const LOG_LIMIT = { min: 1, max: 100, default: 50 } as const;

export async function readPublicLog(deps: OutreachDeps, query: { before?: string | undefined; limit: number }) {
  const before = query.before ? decodeLogCursor(query.before, 'before') : null;
  const rows = await createOutreachLogQueries(deps.db).page(before, query.limit);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    version: 1 as const,
    generated_at: deps.clock.now().toISOString(),
    content_is_untrusted: true as const,
    items: items.map((r) => presentLogItem(deps, r)),
    next_before: rows.length > query.limit && last ? encodeLogCursor({ at: last.created_at, id: last.id }) : null,
  };
}

export async function readPublicLogItem(deps: OutreachDeps, id: string) {
  const row = await createOutreachLogQueries(deps.db).item(id);
  return row ? presentLogItem(deps, row) : null;
}
