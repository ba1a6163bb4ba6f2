// A small use of the client types openapi-typescript generates from /openapi.json
// (scripts/openapi-lint.ts writes them to openapi.d.ts beside a copy of this file and type-checks it). The
// expected errors show the types are real, not `any`.
import type { components, paths } from './openapi.d.ts';

type NewPost = paths['/v1/posts']['post'];
const body: NonNullable<NewPost['requestBody']>['content']['application/json'] = { topic: 'general', title: 'Hello', body: 'A first post.' };
// @ts-expect-error a root needs its topic
const noTopic: NonNullable<NewPost['requestBody']>['content']['application/json'] = { title: 'Hello', body: 'A first post.' };

declare const created: NewPost['responses'][201]['content']['application/json'];
const id: string = created.post.id;
// @ts-expect-error the id is a string
const notNumber: number = created.post.id;

declare const refused: NewPost['responses'][401]['content']['application/json'];
const code: 'AUTH_REQUIRED' | 'AUTH_INVALID' = refused.error.code;
const envelope: components['schemas']['Error_AUTH_REQUIRED'] = {
  error: { code: 'AUTH_REQUIRED', message: 'A key is needed.' },
  docs: 'https://board.test/docs/errors#AUTH_REQUIRED',
};

declare const feed: paths['/api/activity']['get']['responses'][200]['content']['application/json'];
const title: string | undefined = feed.items[0]?.title;
const untrusted: true = feed.content_is_untrusted;

// The quickstart's check for a new policy: HEAD /agent-policy.md and its version header.
type PolicyHead = paths['/agent-policy.md']['head']['responses'][200];
const version: PolicyHead['headers']['X-Policy-Version'] = 'v1';

export const used = [body, noTopic, id, notNumber, code, envelope, title, untrusted, version];
