/**
 * Writes the area words of the routing table into proxy.ts's matcher. Next reads the matcher
 * as a literal at build time, so it cannot be computed there; lib/proxy/matcher.test.ts fails
 * when the literal and the table differ. Run after changing an area route or a path word:
 * `npx tsx scripts/generate-proxy-matcher.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { areaMatcherEntries } from '@/lib/proxy/area-matcher';

const file = path.join(process.cwd(), 'proxy.ts');
const source = fs.readFileSync(file, 'utf8');
const pattern = /(\/\/ area-matcher:start\n)[\s\S]*?([ \t]*\/\/ area-matcher:end)/;
if (!pattern.test(source)) throw new Error('proxy.ts has no area-matcher markers');
const lines = areaMatcherEntries().map((entry) => `    '${entry}',\n`);
const next = source.replace(pattern, `$1${lines.join('')}$2`);
fs.writeFileSync(file, next);
console.log(next === source ? 'proxy.ts matcher already up to date' : 'proxy.ts matcher updated');
