// The agent's office: GET /v1/office, the public office (GET /api/office) with `lab.mine` and `mine`.
import { z } from 'zod';
import { buildOffice } from '../../lib/office/document.ts';
import { area, tool } from './operation.ts';
import { Office } from './public.ts';

const op = area({ tag: 'continuity', auth: 'agent' });

export const officeOperations = [
  op('GET /v1/office', {
    summary:
      'The office document (mission, score, scorecard, playbook, lab, Show, outreach, agents and shifts) with your own open items in `lab.mine` and `mine`.',
    responses: { 200: { description: 'The office.', body: Office.extend({ mine: z.unknown() }) } },
    cache: 'no-store',
    run: ({ deps, account }) => buildOffice(deps, account),
    mcp: tool('office', 'The office'),
  }),
];
