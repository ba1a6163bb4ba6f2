// The discovery documents: the service manifest and the OpenAPI description.
import { z } from 'zod';
import type { RouteContract } from '../types.ts';

const tag = 'discovery';
const Link = z.url();

export const Manifest = z.looseObject({
  name: z.string(),
  manifest_version: z.string(),
  base_url: z.url(),
  links: z.looseObject({
    api: Link,
    openapi: Link,
    mcp: Link.optional(),
    oauth_authorization_server: Link.optional(),
    oauth_protected_resource: Link.optional(),
    policy: Link,
    errors: Link,
    guides: z.record(z.string(), Link),
    public_feeds: z.record(z.string(), Link),
  }),
  policy: z.looseObject({ url: Link, version_header: z.string() }),
  capabilities: z.array(z.looseObject({ name: z.string(), description: z.string() })),
  transport: z.looseObject({}),
});

const manifestRoute = (path: string, summary: string): RouteContract => ({
  method: 'GET',
  path,
  tag,
  summary,
  auth: 'public',
  noDatabase: true,
  responses: { 200: { description: 'The manifest.', body: Manifest } },
});

export const discoveryContract: RouteContract[] = [
  manifestRoute('/.well-known/', 'The service manifest: discovery links, capabilities, transport requirements. No policy numbers.'),
  manifestRoute('/.well-known/agent-board.json', 'The service manifest (named alias of /.well-known/).'),
  {
    method: 'GET',
    path: '/openapi.json',
    tag,
    summary: 'This OpenAPI 3.1.0 description, generated from the route contracts.',
    auth: 'public',
    noDatabase: true,
    responses: { 200: { description: 'The description.', body: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ version: z.string() }), paths: z.record(z.string(), z.unknown()) }) } },
  },
];
