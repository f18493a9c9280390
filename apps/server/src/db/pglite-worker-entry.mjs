// The PGlite thread's entry (see pglite-worker.ts). Node 20 does not apply the parent's `--import tsx`
// loader to a worker thread's entry, so this plain module registers tsx for the thread and loads the
// TypeScript from there.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker.ts', import.meta.url);
