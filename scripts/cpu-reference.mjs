// A fixed CPU reference to print beside test timings: the machine's speed varies 2–3× by hour,
// so a timing is only comparable with another taken at a similar reference.
// 200,000 rounds of SHA-256 over its own output, on one core.
import crypto from 'node:crypto';

const started = process.hrtime.bigint();
let digest = Buffer.alloc(32);
for (let i = 0; i < 200_000; i++) digest = crypto.createHash('sha256').update(digest).digest();
const ms = Number(process.hrtime.bigint() - started) / 1e6;
console.log(`CPU reference (200,000 × SHA-256, one core): ${Math.round(ms)} ms`);
