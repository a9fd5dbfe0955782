// Starts a TypeScript worker entry when the service runs from source (tests, `npm run dev`): Node 20
// cannot run .ts by itself and does not apply `--import tsx` from a worker's execArgv, so the
// TypeScript loader is registered here, in the worker, before the entry is imported.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
