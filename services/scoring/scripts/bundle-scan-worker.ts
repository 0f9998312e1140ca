/**
 * Writes src/evaluation/scan-worker.bundle.js: the scan pool's thread (scan-worker.ts and what it
 * imports) as one plain JavaScript file, so a thread does not load the type stripper
 * (`npm run bundle:scan-worker -w @sais/scoring`; test/scan-worker-bundle.unit.test.ts checks it is current).
 */
import { writeFileSync } from 'node:fs';
import { scanWorkerBundle } from './scan-worker-bundle.ts';

const { path, text } = scanWorkerBundle();
writeFileSync(path, text);
console.log(`wrote ${path} (${text.length} bytes)`);
