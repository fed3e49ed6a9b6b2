/**
 * Jest's global setup: builds one seeded template database per seed size that this run's
 * integration files ask for, before any file starts. Each file then starts from a
 * copy (test-database.ts), which no other file touches.
 *
 * Runs in Jest's main process outside its module registry: no `@/…` imports here. The
 * templates are built by child `tsx` processes (build-templates.ts), two at a time on this
 * 2-core machine (seeding renders PDFs and images while the database works in its own process).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import templateTeardown from './template-teardown';
import {
  MANIFEST_FILE,
  TEMPLATES_ENV,
  scratchRoot,
  seedSizesIn,
  type Template,
  type TemplateManifest,
} from './templates';

const TEST_PATHS = Symbol.for('kreide.jestTestPaths');
/** Children building templates at once. */
const BUILDERS = 2;

interface ProjectConfig {
  rootDir: string;
}

/** The integration files of this run, as tests/support/test-sequencer.mjs recorded them. */
function integrationFiles(rootDir: string): string[] {
  const folder = path.join(rootDir, 'tests', 'integration') + path.sep;
  const recorded = (globalThis as Record<symbol, string[] | undefined>)[TEST_PATHS];
  const all = recorded ?? fs.readdirSync(folder).map((name) => path.join(folder, name));
  return all.filter((file) => file.startsWith(folder) && /\.test\.tsx?$/.test(file));
}

/** Splits the sizes into groups of about equal work, biggest first. */
function share(sizes: number[], groups: number): number[][] {
  // Seeding 150 materials takes about as long as starting and closing one more template.
  const work = (materials: number) => 150 + materials;
  const result = Array.from({ length: Math.min(groups, sizes.length) }, () => ({ sizes: [] as number[], work: 0 }));
  for (const size of [...sizes].sort((a, b) => b - a)) {
    const lightest = result.reduce((a, b) => (b.work < a.work ? b : a));
    lightest.sizes.push(size);
    lightest.work += work(size);
  }
  return result.map((group) => group.sizes);
}

function runBuilder(rootDir: string, request: object): Promise<{ template: Template; ms: number }[]> {
  const script = path.join(rootDir, 'tests', 'integration', 'support', 'build-templates.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(request)], {
      cwd: rootDir,
      env: { ...process.env, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`building test templates failed (exit ${code}):\n${err}`));
      const lines = out.split('\n').filter((line) => line.startsWith('{"template"'));
      resolve(lines.map((line) => JSON.parse(line) as { template: Template; ms: number }));
    });
  });
}

export default async function templateSetup(_globalConfig: unknown, projectConfig: ProjectConfig): Promise<void> {
  const rootDir = projectConfig.rootDir;
  const sizes = new Set<number>();
  for (const file of integrationFiles(rootDir)) {
    for (const size of seedSizesIn(fs.readFileSync(file, 'utf8'))) sizes.add(size);
  }
  if (sizes.size === 0) return;
  const started = Date.now();
  const backend = process.env.KREIDE_TEST_BACKEND === 'postgres' ? 'postgres' : 'pglite';
  const runId = crypto.randomBytes(4).toString('hex');
  const root = fs.mkdtempSync(path.join(scratchRoot(), `kreide-templates-${runId}-`));
  // Set before building, so the teardown finds and removes a half-built run too.
  process.env[TEMPLATES_ENV] = root;
  const manifest: TemplateManifest = { runId, backend, templates: {} };
  const write = () => fs.writeFileSync(path.join(root, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  write();
  let built;
  try {
    // The unseeded template first (migrated, pg-boss's schema, VAT rates): every seeded one
    // starts as a copy of it.
    const [base] = await runBuilder(rootDir, { backend, runId, root, sizes: [0] });
    const seeded = [...sizes].filter((size) => size > 0);
    built = [
      ...(sizes.has(0) ? [base!] : []),
      ...(
        await Promise.all(
          share(seeded, BUILDERS).map((group) =>
            runBuilder(rootDir, { backend, runId, root, sizes: group, base: base!.template }),
          ),
        )
      ).flat(),
    ];
  } catch (error) {
    // Jest runs no teardown after a failed setup.
    await templateTeardown();
    throw error;
  }
  const took: string[] = [];
  for (const { template, ms } of built.sort((a, b) => a.template.materials - b.template.materials)) {
    manifest.templates[String(template.materials)] = template;
    took.push(`${template.materials} (${(ms / 1000).toFixed(1)} s)`);
  }
  write();
  console.log(
    `\ntest templates on ${backend}, by materials seeded: ${took.join(', ')}; ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s in all`,
  );
}
