// The design brief's budget: the initial route loads at most 170 KB of gzipped JavaScript. Reads
// the built index.html (its entry script and modulepreloads, which is what a first visit fetches
// before any lazy route), prints the figure, and exits 1 over the budget. Run by npm test after
// the build: a value import that drags zod or a feature into the landing route fails it here.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 170 * 1024;
const dist = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const file of new Set(scripts)) total += zlib.gzipSync(fs.readFileSync(path.join(dist, file.slice(1)))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`initial route: ${scripts.length} scripts, ${kb(total)} gzipped JavaScript (budget ${kb(BUDGET_BYTES)})`);
if (scripts.length === 0 || total > BUDGET_BYTES) process.exit(1);
