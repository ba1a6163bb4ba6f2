// The discovery documents: the service manifest (/.well-known/ and its named alias) and the OpenAPI
// description, both built from the contract (`contract()`, every declared route) once per process.
import { z } from 'zod';
import { buildManifest, MANIFEST_PATHS } from '../contract/manifest.ts';
import { buildOpenApi, OPENAPI_VERSION } from '../contract/openapi.ts';
import { open } from '../contract/shapes.ts';
import type { RouteContract } from '../contract/types.ts';
import { area, type Operation } from './operation.ts';
import { sendDocument } from './answers.ts';

const op = area({ tag: 'discovery', auth: 'public', noDatabase: true });
const Link = z.url();

export const Manifest = open({
  name: z.string(),
  manifest_version: z.string(),
  base_url: z.url(),
  links: open({
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
  policy: open({ url: Link, version_header: z.string() }),
  capabilities: z.array(open({ name: z.string(), description: z.string() })),
  transport: open({}),
});
const OpenApiDocument = open({ openapi: z.literal(OPENAPI_VERSION), info: open({ version: z.string() }), paths: z.record(z.string(), z.unknown()) });

const CACHE = 'public, max-age=300';

export function discoveryOperations(contract: () => readonly RouteContract[]): Operation[] {
  let openapi: string | null = null;
  let manifest: string | null = null;
  const manifestRoute = (path: string, summary: string) =>
    op(`GET ${path}`, {
      summary,
      responses: { 200: { description: 'The manifest.', body: Manifest } },
      koa: async (ctx) => sendDocument(ctx, (manifest ??= JSON.stringify(buildManifest(contract(), ctx.deps.config))), CACHE),
    });
  return [
    manifestRoute(MANIFEST_PATHS[0], 'The service manifest: discovery links, capabilities, transport requirements. No policy numbers.'),
    manifestRoute(MANIFEST_PATHS[1], 'The service manifest (named alias of /.well-known/).'),
    op('GET /openapi.json', {
      summary: `This OpenAPI ${OPENAPI_VERSION} description, generated from the route contracts.`,
      responses: { 200: { description: 'The description.', body: OpenApiDocument } },
      koa: async (ctx) => sendDocument(ctx, (openapi ??= JSON.stringify(buildOpenApi(contract(), ctx.deps.config.baseUrl))), CACHE),
    }),
  ];
}
