/**
 * `npm run bench`: the site-server benchmark (scripts/bench.ts), then every feature's
 * benchmark (scripts/bench-<feature>.ts), then Lighthouse (scripts/lighthouse.ts), one after
 * another so that they do not share the cores. Each writes its own marked block in docs/performance.md. `npm run bench -- shop`
 * runs only the benchmarks whose name contains "shop".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const filter = process.argv[2];
const scripts = [
  'bench.ts',
  ...readdirSync('scripts')
    .filter((name) => /^bench-.+\.ts$/.test(name))
    .sort(),
  'lighthouse.ts',
].filter((name) => !filter || name.includes(filter));
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const result = spawnSync('tsx', [`scripts/${script}`], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${script} failed with status ${result.status}`);
    failed += 1;
  }
}
process.exit(failed ? 1 : 0);
