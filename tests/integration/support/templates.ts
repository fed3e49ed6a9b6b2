/**
 * The seeded template databases of one Jest run: built once by the global setup
 * (template-setup.ts, in a child process running build-templates.ts), copied by each integration
 * test file (test-database.ts), dropped by the global teardown. Why and what it saves:
 * docs/decisions.md, "Test databases from one template per run".
 *
 * Only relative imports and Node's own modules here: the global setup loads this file outside
 * Jest's module registry, where `@/…` is not mapped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where a run's templates and the test files' databases live: in memory (`/dev/shm`, tmpfs) where
 * the machine has it, else the temporary folder. Each file copies a 42 MB database folder and
 * PGlite writes it in place; on this machine's disk that writing and its write-back cost a fifth
 * of the wall time of database-heavy files (docs/decisions.md, "Suite speed"). Templates and
 * copies share one file system, as the seeded files are hard-linked from one to the other.
 * `KREIDE_TEST_SCRATCH` names another folder.
 */
export function scratchRoot(): string {
  const chosen = process.env.KREIDE_TEST_SCRATCH;
  if (chosen) return chosen;
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    if (fs.statSync('/dev/shm').isDirectory()) return '/dev/shm';
  } catch {
    // No tmpfs here: the temporary folder it is.
  }
  return os.tmpdir();
}

/** The environment variable that hands the folder of this run's templates to the test files. */
export const TEMPLATES_ENV = 'KREIDE_TEST_TEMPLATES';

/** The file in that folder that lists the templates. */
export const MANIFEST_FILE = 'manifest.json';

export interface Template {
  /** Materials seeded into it (0: migrated, pg-boss and VAT rates only). */
  materials: number;
  /** PGlite: the closed template's data folder, copied for each file. */
  dbDir?: string;
  /** PostgreSQL: the template database, copied with CREATE DATABASE … TEMPLATE. */
  database?: string;
  /** The seeded files (PDFs, covers, previews): hard-linked for each file, never rewritten. */
  filesDir: string;
}

export interface TemplateManifest {
  /** Random per run: every database of the run is named with it, so parallel runs never collide. */
  runId: string;
  backend: 'pglite' | 'postgres';
  /** By number of seeded materials. */
  templates: Record<string, Template>;
}

/** The templates of the running Jest run, or null when run without its global setup. */
export function readTemplateManifest(): TemplateManifest | null {
  const root = process.env[TEMPLATES_ENV];
  if (!root) return null;
  const file = path.join(root, MANIFEST_FILE);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as TemplateManifest;
}

/** The prefix of every PostgreSQL database of one run (templates and the files' copies). */
export function runDatabasePrefix(runId: string): string {
  return `kreide_t${runId}_`;
}

/**
 * The seed sizes a test file asks for, read from its `startTestDatabase(…)` calls: 0 for a call
 * without `seedMaterials`.
 */
export function seedSizesIn(source: string): number[] {
  const sizes = new Set<number>();
  for (const call of source.matchAll(/startTestDatabase\(([^)]*)\)/g)) {
    const seeded = /seedMaterials:\s*([\d_]+)/.exec(call[1]!);
    sizes.add(seeded ? Number(seeded[1]!.replace(/_/g, '')) : 0);
  }
  return [...sizes];
}

/**
 * Copies a folder tree by hard-linking its files. Only for files that are never rewritten in
 * place (the seed's PDFs and images: every later write goes to a new, random key); database
 * files are written in place and must be copied.
 */
export function linkTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else fs.linkSync(source, target);
  }
}
