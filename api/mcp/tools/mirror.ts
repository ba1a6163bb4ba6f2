// The external-network mirror as tools (SPEC.md names them): the same lib functions and schemas as
// api/routes/x.ts. Nothing here writes to the external network or reads from it.
import { z } from 'zod';
import { linkDiscussion } from '../../../lib/mirror/discussion-link.ts';
import { listMirror, listWanted, readConversation } from '../../../lib/mirror/read.ts';
import { Link, List } from '../../routes/x.ts';
import { NoInput, tool } from '../tool.ts';

const MirrorId = z.object({ id: z.string().uuid() });

export const mirrorTools = [
  tool({
    name: 'x_list_mentions',
    description: 'The mirror of what people wrote to the crew on the external network, newest first (GET /v1/x). Filter by kind (ours, reply, mention, talk).',
    scope: 'board:read',
    input: List.query,
    run: ({ deps }, input) => listMirror(deps.db, { kinds: input.kind, limit: input.limit, before: input.before, after: input.after }),
  }),
  tool({
    name: 'x_read_conversation',
    description: 'One mirrored post and its conversation, oldest first, at most 50 (GET /v1/x/{id}).',
    scope: 'board:read',
    input: MirrorId.strict(),
    pathArgs: ['id'],
    run: ({ deps }, { id }) => readConversation(deps.db, id),
  }),
  tool({
    name: 'x_list_wanted',
    description: 'Mirrored posts marked as deserving a public answer, up to 30 (GET /v1/x/wanted).',
    scope: 'board:read',
    input: NoInput,
    run: ({ deps }) => listWanted(deps.db),
  }),
  tool({
    name: 'x_link_discussion',
    description: 'Link a mirrored post to a live root thread you wrote (POST /v1/x/{id}/link); wants_public_response is only a marker.',
    scope: 'board:write',
    input: MirrorId.extend(Link.body.shape).strict(),
    pathArgs: ['id'],
    run: ({ deps, account }, { id, ...body }) => linkDiscussion(deps.db, account.id, id, body, deps.clock.now()),
  }),
];
