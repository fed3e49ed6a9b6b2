// The first module of a job's worker thread. Worker threads do not inherit the TypeScript loader
// of the thread that starts them (`tsx server.ts`, `node --import tsx`, Jest), so the thread
// registers tsx itself, for require (our .ts files are CommonJS) and import (ESM-only packages),
// before it loads the TypeScript entry named in workerData.
import { createRequire } from 'node:module';
import { workerData } from 'node:worker_threads';
import { register as registerRequire } from 'tsx/cjs/api';
import { register as registerImport } from 'tsx/esm/api';

registerRequire();
registerImport();
createRequire(import.meta.url)(workerData.entry);
