/**
 * A fresh data folder for a product a benchmark starts. A measured run's product seeds it
 * from content/ at its start, as `npm start` does; in the smoke runs of `npm test`
 * (scripts/benches.smoke.test.ts) BENCH_SEEDED_DATABASE names a SQLite database that the
 * smoke test seeded once, and each folder starts with a copy of it: a dozen products each
 * seeding 650 stations per country, their price history and the demo accounts was most of
 * the smoke runs' CPU (docs/performance.md "Test suite"). The product finds the copy
 * seeded with this content's hash recorded, exactly as after its own first start.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function benchDataDir(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), `st1-bench-${name}-`));
  const seeded = process.env.BENCH_SEEDED_DATABASE;
  if (seeded) copyFileSync(seeded, join(folder, 'origin.sqlite'));
  return folder;
}
