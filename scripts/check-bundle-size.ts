/**
 * A quick tripwire of the landing page's script budget (docs/performance.md), needing no
 * browser: the entry script, its preloaded chunks and the largest message catalog must
 * stay under 100 KB gzip, or the build fails. This list is a lower bound: the budget
 * itself counts every script Chromium fetches before interaction
 * (tests/e2e/landing-budget.spec.ts, scripts/bench-landing-scripts.ts).
 */
import { join } from 'node:path';
import { landingScriptSizes } from './landing-js';

// The budget is under 100 KB, so that the landing page is quick on a phone. The declarative router (docs/decisions/004) brought the
// landing page from 104 KB back to 86 KB, which leaves room for the header's features.
// Counted: the entry and the chunks it preloads; the page's blocks, the notifications
// region and anything else loaded after the entry are not (the browser's count has them).
const BUDGET_BYTES = 100 * 1024;
const clientDir = join(process.env.DIST_DIR ?? 'dist', 'client');
const sizes = landingScriptSizes(clientDir);
const files = sizes.map((size) => size.file);

let total = 0;
const rows = sizes.map(({ file, gzipBytes }) => {
  total += gzipBytes;
  return `  ${(gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file}`;
});
console.log(
  `Landing page entry JavaScript (gzip; the budget's lower bound, the whole budget is checked in Chromium):\n${rows.join('\n')}\n  ${(total / 1024).toFixed(1).padStart(7)} KB  total (budget ${BUDGET_BYTES / 1024} KB)`,
);
if (files.length === 0) {
  console.error(`No script found in ${clientDir}/index.html: the budget check cannot run.`);
  process.exit(1);
}
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${((total - BUDGET_BYTES) / 1024).toFixed(1)} KB.`);
  process.exit(1);
}
