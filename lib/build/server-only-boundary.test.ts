import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverReason } from '@/eslint/rules/no-server-imports-in-client.mjs';
import {
  chainTo,
  isClientFile,
  isScriptFile,
  listFiles,
  readImports,
  walkImports,
  type ImportGraph,
} from './import-graph';

// The `server-only` package throws when it is loaded outside Next's server bundle: under tsx
// (server.ts, the scripts, the job worker), Playwright and Next's own config loader. Jest maps it
// to an empty module, so only a walk over the import graph shows that `npm start` would break.

const root = path.resolve(__dirname, '../..');
const isTest = (file: string) => /\.test\.[cm]?[jt]sx?$/.test(file);
const scriptsUnder = (directory: string) =>
  listFiles(path.join(root, directory), (file) => isScriptFile(file) && !isTest(file));

/** The module a measurement script loads first to stub `server-only`, as Jest maps it away. */
const SERVER_ONLY_STUB = path.join(root, 'scripts/lib/allow-server-only.ts');

/**
 * A script that loads the stub before anything else (its first import) runs domain modules the
 * way Jest does (scripts/bench-receipts.ts calls the checkout): `server-only` cannot throw there.
 */
const stubsServerOnlyFirst = (file: string) =>
  path.resolve(path.dirname(file), `${readImports(file)[0]?.specifier ?? ''}.ts`) === SERVER_ONLY_STUB;

/** Files run by plain Node (tsx, Playwright, Next's config loader), each with what it imports. */
function plainNodeEntries(): string[] {
  const single = ['server.ts', 'next.config.ts', 'playwright.config.ts', 'drizzle.config.ts', 'scripts/worker.ts'];
  return [
    ...single.map((file) => path.join(root, file)).filter((file) => fs.existsSync(file)),
    ...scriptsUnder('scripts').filter((file) => file !== SERVER_ONLY_STUB && !stubsServerOnlyFirst(file)),
    ...scriptsUnder('lib/jobs'),
    ...scriptsUnder('tests/e2e'),
  ];
}

/** Files that start with 'use client' (Next bundles them, and what they import, for the browser). */
function clientEntries(): string[] {
  return ['app', 'components', 'lib', 'i18n'].flatMap((directory) =>
    scriptsUnder(directory).filter((file) => isClientFile(file)),
  );
}

const importsServerOnly = (file: string) =>
  isScriptFile(file) && readImports(file).some((edge) => edge.specifier === 'server-only' && !edge.typeOnly);

/** Every reached file that loads `server-only`, as the chain that reaches it. */
function serverOnlyChains(graph: ImportGraph): string[] {
  return [...graph.parents.keys()]
    .filter(importsServerOnly)
    .map((file) => [...chainTo(root, graph, file), "'server-only'"].join(' → '));
}

describe('the import graph walker', () => {
  let fixture: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    fs.writeFileSync(path.join(fixture, file), text);
  };
  beforeAll(() => {
    fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-graph-'));
    write('scripts/run.ts', "import { a } from '@/lib/a';\nimport type { T } from '@/lib/typed';\nvoid a;");
    write('lib/a.ts', "export { b } from './b.js';\nexport const a = () => import('./lazy');");
    write('lib/b.ts', "import 'server-only';\nimport { pool } from 'pg';\nexport const b = pool;");
    write('lib/lazy/index.ts', "export const lazy = require('../c.cjs');");
    write('lib/c.cjs', 'module.exports = {};');
    write('lib/typed.ts', "import 'server-only';\nexport type T = string;");
    write('lib/client.tsx', "// A form.\n'use client';\nimport { x } from './missing';");
  });
  afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

  it('follows imports, re-exports, import() and require() but not type-only imports, and names the chain', () => {
    const graph = walkImports(fixture, [path.join(fixture, 'scripts/run.ts')]);
    const reached = [...graph.parents.keys()].map((file) => path.relative(fixture, file)).sort();
    expect(reached).toEqual(['lib/a.ts', 'lib/b.ts', 'lib/c.cjs', 'lib/lazy/index.ts', 'scripts/run.ts']);
    expect(chainTo(fixture, graph, path.join(fixture, 'lib/b.ts'))).toEqual(['scripts/run.ts', 'lib/a.ts', 'lib/b.ts']);
    expect(graph.packages.get(path.join(fixture, 'lib/b.ts'))).toEqual(['server-only', 'pg']);
  });

  it("recognises the 'use client' directive and reports imports that match no file", () => {
    const client = path.join(fixture, 'lib/client.tsx');
    expect(isClientFile(client)).toBe(true);
    expect(isClientFile(path.join(fixture, 'lib/a.ts'))).toBe(false);
    expect(walkImports(fixture, [client]).unresolved).toEqual(['lib/client.tsx: ./missing']);
  });
});

describe('the server-only boundary', () => {
  it('finds the plain-Node entry points', () => {
    const entries = plainNodeEntries().map((file) => path.relative(root, file));
    expect(entries).toEqual(expect.arrayContaining(['server.ts', 'next.config.ts', 'scripts/seed.ts']));
  });

  it("no module that plain Node loads (server.ts, scripts, the job worker, configs, e2e tests) imports 'server-only'", () => {
    const graph = walkImports(root, plainNodeEntries());
    expect(graph.unresolved).toEqual([]);
    expect(serverOnlyChains(graph)).toEqual([]);
  });

  it("no 'use client' file reaches server code, Node built-ins or 'server-only', even through other modules", () => {
    const graph = walkImports(root, clientEntries());
    expect(graph.unresolved).toEqual([]);
    const problems: string[] = [];
    for (const [file, packages] of graph.packages) {
      const chain = chainTo(root, graph, file).join(' → ');
      const relative = path.relative(root, file);
      const ownReason = serverReason(root, file, `@/${relative}`);
      if (ownReason) problems.push(`${chain} (${ownReason})`);
      for (const specifier of packages) {
        const reason = serverReason(root, file, specifier);
        if (reason) problems.push(`${chain} → '${specifier}' (${reason})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
