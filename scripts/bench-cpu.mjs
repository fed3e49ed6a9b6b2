/**
 * `node scripts/bench-cpu.mjs <before checkout> <after checkout> <catalogue data dir>`: what a
 * request costs the server, two builds compared. Throughput on a shared machine swings by a
 * third between runs of one build; the CPU time the server process spends on a fixed number of
 * requests swings far less. Both checkouts must be built (`next build`); each runs server.ts on
 * its own copy of the catalogue (made here from the given data dir, e.g. a seeded
 * `.data-bench`), side by side, and each route is loaded alternately on one and the other, four
 * rounds; the server's utime + stime come from /proc (Linux only).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_ARGS } from './lib/server-process.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const TICK = 100; // clock ticks per second on Linux
const [beforeDir, afterDir, catalogue] = process.argv.slice(2).map((arg) => arg && path.resolve(arg));
if (!beforeDir || !afterDir || !catalogue) {
  console.error('usage: node scripts/bench-cpu.mjs <before checkout> <after checkout> <catalogue data dir>');
  process.exit(2);
}
const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-bench-cpu-'));
const servers = {
  before: { dir: beforeDir, port: 3211, data: path.join(copies, 'before') },
  after: { dir: afterDir, port: 3212, data: path.join(copies, 'after') },
};
for (const s of Object.values(servers)) fs.cpSync(catalogue, s.data, { recursive: true });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
for (const s of Object.values(servers)) {
  s.child = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: s.dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(s.port),
      DATA_DIR: s.data,
      DATABASE_URL: '',
      SEED_DEMO: 'never',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const cpuMs = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICK;
};
async function up(port) {
  for (let i = 0; i < 180; i++) {
    await sleep(1000);
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return;
    } catch {}
  }
  throw new Error('no start');
}
try {
  await Promise.all(Object.values(servers).map((s) => up(s.port)));
  const o = `http://localhost:${servers.after.port}`;
  const top = await (await fetch(`${o}/api/v3/search?world=de&sort=bestseller`)).json();
  const m = top.items[0];
  const materialPath = `/de/material/${m.id}/${m.slug}`;
  const page = await (await fetch(o + materialPath)).text();
  const authorPath = page.match(/href="(\/de\/autor\/\d+\/[a-z0-9-]+)"/)[1];
  const keyword = page.match(/href="(\/de\/tema\/\d+\/[a-z0-9-]+)"/)?.[1];
  const f = await (await fetch(`${o}/api/v1/filters?world=de`)).json();
  const searchPath = `/de/suchergebnisse?q=${encodeURIComponent('Brüche')}&subject=${f.filters.subject[0].id}&class_grade=${f.filters.class_grade[5].id}`;
  const routes = [
    ['control', '/bench-control', 2000],
    ['material', materialPath, 20000],
    ['author', authorPath, 20000],
    ['keyword', keyword, 20000],
    ['search', searchPath, 20000],
    ['filters API', '/api/v1/filters?world=de', 2000],
  ].filter(([, u]) => u);
  const results = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url, amount] of routes) {
      for (const which of round % 2 ? ['after', 'before'] : ['before', 'after']) {
        const s = servers[which];
        const origin = `http://localhost:${s.port}`;
        for (let i = 0; i < 20; i++)
          await fetch(origin + url, { headers: { 'accept-encoding': 'gzip' } }).then((r) => r.arrayBuffer());
        const c0 = cpuMs(s.child.pid);
        const r = await autocannon({
          url: origin + url,
          connections: 20,
          amount,
          headers: { 'accept-encoding': 'gzip' },
        });
        const c1 = cpuMs(s.child.pid);
        ((results[name] ??= {})[which] ??= []).push({
          usPerReq: ((c1 - c0) * 1000) / r.requests.total,
          errors: r.errors + r.non2xx,
        });
      }
    }
    process.stdout.write(`round ${round + 1} done\n`);
  }
  const med = (a) => {
    const s = [...a].sort((x, y) => x - y);
    return s[Math.floor(s.length / 2)];
  };
  console.log('| route | server CPU per request before (median; min–max) | after | after/before | errors |');
  console.log('|---|---|---|---|---|');
  for (const [name] of routes) {
    const b = results[name].before.map((x) => x.usPerReq),
      a = results[name].after.map((x) => x.usPerReq);
    const fmt = (v) => `${med(v).toFixed(0)} µs (${Math.min(...v).toFixed(0)}–${Math.max(...v).toFixed(0)})`;
    console.log(
      `| ${name} | ${fmt(b)} | ${fmt(a)} | ${(med(a) / med(b)).toFixed(2)} | ${results[name].before.concat(results[name].after).reduce((s, x) => s + x.errors, 0)} |`,
    );
  }
} finally {
  for (const s of Object.values(servers)) s.child.kill('SIGTERM');
  await sleep(3000);
  fs.rmSync(copies, { recursive: true, force: true });
}
