/**
 * `npm start`: builds the production bundle when it is missing or older than the sources, then
 * starts server.ts (embedded database, migrations, demo data on first start, Next.js).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_ARGS } from './lib/server-process.mjs';

const root = process.cwd();
const SOURCES = [
  'app',
  'components',
  'lib',
  'messages',
  'i18n',
  'public',
  'proxy.ts',
  'next.config.ts',
  'package-lock.json',
];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(full).reduce((max, child) => Math.max(max, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

function needsBuild(): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((entry) => newestMtime(entry) > built);
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (needsBuild()) {
  console.log('Building Kreide (first start or changed sources)…');
  run('npx', ['next', 'build']);
}
run(process.execPath, SERVER_NODE_ARGS, { ...process.env, NODE_ENV: 'production' });
