// `node scripts/generate-api-operations.mjs`: writes app/api/openapi.json/operations.ts, the list
// of the JSON API's route modules (for the OpenAPI document and the fuzz suite), from the route
// files under app/api/v1 and app/api/v3. lib/api/openapi.test.ts fails when the two differ: run
// this after adding or removing a route.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve('app/api');
const found = [];
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name === 'route.ts') found.push(path.relative(root, dir).split(path.sep));
  }
}
for (const version of ['v1', 'v3']) walk(path.join(root, version));

const routes = found
  .map((segments) => {
    const apiPath = `/api/${segments.map((s) => s.replace(/^\[(.+)\]$/, '{$1}')).join('/')}`;
    const name = segments
      .map((s) => s.replace(/[[\]]/g, ''))
      .join('-')
      .replace(/[-_]+(\w)/g, (_m, c) => c.toUpperCase());
    return { apiPath, name, importPath: `../${segments.join('/')}/route` };
  })
  .sort((a, b) => (a.importPath < b.importPath ? -1 : a.importPath > b.importPath ? 1 : 0));

const lines = [
  '// The route modules of the JSON API, for its OpenAPI document and the fuzz suite. Written by',
  '// scripts/generate-api-operations.mjs; a test keeps it equal to the route files under app/api',
  '// (lib/api/openapi.test.ts).',
  "import type { ApiRouteModule } from '@/lib/api/openapi';",
  ...routes.map((r) => `import * as ${r.name} from '${r.importPath}';`),
  '',
  'export const API_ROUTES: readonly ApiRouteModule[] = [',
  ...routes.map((r) => `  { path: '${r.apiPath}', module: ${r.name} },`),
  '];',
  '',
];
fs.writeFileSync(path.resolve('app/api/openapi.json/operations.ts'), lines.join('\n'));
console.log(`${routes.length} API routes written to app/api/openapi.json/operations.ts`);
