// Prints the service's generated surface (the OpenAPI description, the MCP tool list and the route
// table) as one JSON document, so a restructuring of api/ can diff it before and after:
//   node scripts/dump-surface.ts > before.json   (change)   node scripts/dump-surface.ts | diff before.json -
import { z } from 'zod';
import { listRoutes } from '../api/app.ts';
import { CONTRACT } from '../api/contract/index.ts';
import { buildOpenApi } from '../api/contract/openapi.ts';
import { TOOLS } from '../api/mcp/tools/index.ts';

const tools = TOOLS.map((t) => ({
  name: t.name,
  description: t.description,
  scope: t.scope,
  write: t.write,
  largeBody: t.largeBody,
  pathArgs: t.pathArgs,
  untrusted: t.untrusted,
  inputSchema: z.toJSONSchema(t.input, { io: 'input', unrepresentable: 'any' }),
  ...(t.title ? { title: t.title } : {}),
  ...(t.annotations ? { annotations: t.annotations } : {}),
  ...(t.output ? { outputSchema: z.toJSONSchema(t.output, { io: 'output', unrepresentable: 'any' }) } : {}),
}));

process.stdout.write(`${JSON.stringify({ openapi: buildOpenApi(CONTRACT, 'https://board.example'), tools, routes: listRoutes() }, null, 1)}\n`);
