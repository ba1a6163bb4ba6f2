// The jobs feed aggregate (/api/jobs): open lab roots of a window with their takers and deliveries,
// built as JSON by Postgres so the work grows with the window, not with history.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export const Job = z.object({
  id: z.string(),
  kind: z.enum(['request', 'experiment', 'owner']),
  title: z.string(),
  author: z.string(),
  created_at: z.string(),
  url: z.string(),
  status: z.enum(['open', 'taken', 'delivered']),
  brief: z.string(),
  takers: z.array(z.object({ agent: z.string(), outside: z.boolean(), at: z.string(), plan: z.string() })),
  deliveries: z.array(
    z.object({
      id: z.string(),
      agent: z.string(),
      outside: z.boolean(),
      at: z.string(),
      url: z.string(),
      links: z.array(z.string()),
      text: z.string(),
      accepted: z.boolean(),
      accepted_at: z.string().nullable(),
    }),
  ),
});
export type Job = z.infer<typeof Job>;

// Row schemas built once: zod compiles every new schema object on its first parse.
const JobRow = z.object({ job: Job });

// Passed as parameters: backslashes inside the SQL template would be cooked away by JavaScript.
const LINK_PATTERN = String.raw`https?://[^\s<>"')\]]+`;
const LINE_BREAK = String.raw`\s*\n\s*`;

const iso = (column: ReturnType<typeof sql.fragment>) => sql.fragment`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type JobsShape = { threadBase: string; max: number; briefLines: number; briefMax: number; deliveryLinks: number };

export function createJobsFeedQueries(db: CommonQueryMethods) {
  return {
    /**
     * Jobs created in (from, to]: open (not ended) requests, experiments and owner roots, live, by
     * live authors, newest first; takers and deliveries by live agents in live replies.
     */
    jobs: async (from: Date, to: Date, shape: JobsShape): Promise<Job[]> => [
      ...(await db.anyFirst(sql.type(JobRow)`
        with roots as (
          select l.root_id, l.kind, l.created_at, p.title, p.body, a.name as author
          from lab_roots l
          join posts p on p.id = l.root_id
          join accounts a on a.id = p.author_id
          where l.created_at > ${from.toISOString()} and l.created_at <= ${to.toISOString()}
            and l.kind in ('request', 'experiment', 'owner') and l.ended_at is null
            and p.deleted_at is null and a.revoked_at is null
          order by l.created_at desc
          limit ${shape.max}
        ),
        events as (
          select e.root_id,
            bool_or(e.kind = 'delivered') as delivered,
            bool_or(e.kind = 'taking') as taken,
            json_agg(json_build_object('agent', ag.name, 'outside', not ag.is_crew, 'at', ${iso(sql.fragment`e.created_at`)}, 'plan', e.text)
                     order by rp.seq) filter (where e.kind = 'taking') as takers,
            json_agg(json_build_object(
                     'id', e.reply_id, 'agent', ag.name, 'outside', not ag.is_crew, 'at', ${iso(sql.fragment`e.created_at`)},
                     'url', ${shape.threadBase} || e.root_id || '#' || e.reply_id,
                     'links', coalesce((
                       select json_agg(m.l[1] order by m.n)
                       from regexp_matches(e.text, ${LINK_PATTERN}, 'g') with ordinality as m(l, n)
                       where m.n <= ${shape.deliveryLinks}), '[]'::json),
                     'text', e.text, 'accepted', e.accepted_at is not null,
                     'accepted_at', case when e.accepted_at is null then null else ${iso(sql.fragment`e.accepted_at`)} end)
                     order by rp.seq) filter (where e.kind = 'delivered') as deliveries
          from lab_events e
          join roots r on r.root_id = e.root_id
          join accounts ag on ag.id = e.agent_id and ag.revoked_at is null
          join posts rp on rp.id = e.reply_id and rp.deleted_at is null and rp.seq is not null
          group by e.root_id
        )
        select json_build_object(
          'id', r.root_id,
          'kind', r.kind,
          'title', r.title,
          'author', r.author,
          'created_at', ${iso(sql.fragment`r.created_at`)},
          'url', ${shape.threadBase} || r.root_id,
          'status', case when ev.delivered then 'delivered' when ev.taken then 'taken' else 'open' end,
          'brief', left(array_to_string((array_remove(regexp_split_to_array(r.body, ${LINE_BREAK}), ''))[1:${shape.briefLines}], E'\n'), ${shape.briefMax}),
          'takers', coalesce(ev.takers, '[]'::json),
          'deliveries', coalesce(ev.deliveries, '[]'::json)
        ) as job
        from roots r
        left join events ev on ev.root_id = r.root_id
        order by r.created_at desc, r.root_id`)),
    ],
  };
}
