// Writes .br and .gz next to every compressible file of the build, so that the server sends them
// precompressed (@fastify/static preCompressed) without compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../dist');
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|wasm)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry.name)) compress(file);
  }
}

function compress(file) {
  const data = fs.readFileSync(file);
  if (data.length < 1024) return;
  const br = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += data.length;
  after += br.length;
}

walk(root);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`);
