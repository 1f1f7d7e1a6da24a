/**
 * `npm start` builds what is missing: a fresh clone has no dist/, so the first start
 * runs the production build; later starts reuse it (run `npm run build` after changes to
 * the app). The server's own build is redone whenever its source changed: it takes a
 * second, and `npm start` runs it rather than the TypeScript (scripts/build-server.ts).
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureServerBuild } from './build-server';

const needed = ['dist/build.json', 'dist/client/index.html', 'dist/server/entry-server.js'];
const missing = needed.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.log(`Building the app (missing: ${missing.join(', ')})…`);
  execSync('npm run build', { stdio: 'inherit' });
}
await ensureServerBuild();
