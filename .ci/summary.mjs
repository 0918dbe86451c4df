// Prints one closing line for CI, "N passed, N failed", from the JSON reports of
// Vitest and Playwright written by .ci/run.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = ".ci-results/vitest.json";
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

const e2e = ".ci-results/e2e.json";
if (existsSync(e2e)) {
  const { stats } = JSON.parse(readFileSync(e2e, "utf8"));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
}

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0) process.exitCode = 1;
