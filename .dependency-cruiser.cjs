// The layering of docs/architecture.md ("Four rooms"), checked by `npm run layering` and in
// `npm test` (test/layering.test.ts). Each rule's comment is the sentence of the doc it enforces.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No module reaches itself through its imports (type-only imports count).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'sql-imports-nothing-above',
      severity: 'error',
      comment: 'sql/ imports nothing above it: not lib/, api/, tasks/, workers/ or scripts/.',
      from: { path: '^sql/' },
      to: { path: '^(lib|api|tasks|workers|scripts)/' },
    },
    {
      name: 'lib-never-imports-callers',
      severity: 'error',
      comment: 'lib/ never imports api/, tasks/, workers/ or scripts/: a rule a route, a task and an MCP tool share lives below all of them.',
      from: { path: '^lib/' },
      to: { path: '^(api|tasks|workers|scripts)/' },
    },
    {
      name: 'tasks-and-workers-never-import-api',
      severity: 'error',
      comment: 'tasks/ and workers/ import lib/ and sql/, never api/ or scripts/.',
      from: { path: '^(tasks|workers)/' },
      to: { path: '^(api|scripts)/' },
    },
    {
      name: 'tasks-never-import-workers',
      severity: 'error',
      comment: 'A task is a thin caller of lib/; the worker process (workers/) registers the tasks, not the other way round.',
      from: { path: '^tasks/' },
      to: { path: '^workers/' },
    },
    {
      name: 'api-never-imports-tasks-workers-scripts',
      severity: 'error',
      comment: 'api/ imports lib/ and sql/queries/ (reads), never tasks/, workers/ or scripts/.',
      from: { path: '^api/' },
      to: { path: '^(tasks|workers|scripts)/' },
    },
    {
      name: 'api-calls-no-query-module',
      severity: 'error',
      comment:
        'api/ reads and writes through lib/ functions: it may name a query module\'s row types (import type), never call a query module. sql/pool.ts (the pool) and sql/failures.ts (driver errors) it may use.',
      from: { path: '^api/' },
      to: { path: '^sql/queries/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'lean-paths-import-no-route',
      severity: 'error',
      comment: 'The lean paths in front of Koa take their rules from lib/, never from a route module.',
      from: { path: '^api/(feed|wait)-fast-path\\.ts$' },
      to: { path: '^api/(routes|operations)/' },
    },
    {
      name: 'no-production-import-of-tests',
      severity: 'error',
      comment: 'Nothing the service runs imports test/ or bench/ (scripts/ may: the mirror model is trained on the test corpus).',
      from: { path: '^(api|lib|sql|tasks|workers)/' },
      to: { path: '^(test|bench)/' },
    },
  ],
  options: {
    // Tests and benchmarks may import anything; what they import of each other is not the service's layering.
    doNotFollow: { path: '^(node_modules|test|bench)/' },
    exclude: { path: '^scripts/openapi-lint/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
