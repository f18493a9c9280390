#!/usr/bin/env node
// Reads a test runner's JSON report and prints "PASSED FAILED" (two integers) for scripts/test.sh.
// usage: node scripts/lib/results.mjs vitest|playwright REPORT.json EXIT_CODE
// A run that exited non-zero counts at least one failure even when its report holds no failed test
// (a file that did not load, a web server that did not start, a missing report).
import fs from 'node:fs';

const [kind, file, exitCodeArg] = process.argv.slice(2);
const exitCode = Number(exitCodeArg ?? 0);
let passed = 0;
let failed = 0;

try {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (kind === 'vitest') {
    passed = report.numPassedTests ?? 0;
    failed = report.numFailedTests ?? 0;
    if (failed === 0 && (report.numFailedTestSuites ?? 0) > 0) failed = report.numFailedTestSuites;
  } else if (kind === 'playwright') {
    const stats = report.stats ?? {};
    passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed = stats.unexpected ?? 0;
    if (failed === 0 && Array.isArray(report.errors) && report.errors.length > 0) failed = report.errors.length;
  } else {
    throw new Error(`unknown kind ${kind}`);
  }
} catch (err) {
  if (exitCode === 0) console.error(`results.mjs: could not read ${file}: ${err instanceof Error ? err.message : err}`);
}
if (exitCode !== 0 && failed === 0) failed = 1;
console.log(`${passed} ${failed}`);
