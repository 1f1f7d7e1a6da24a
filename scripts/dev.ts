/**
 * `npm run dev`: watch builds of the client and the server render, and a server that
 * restarts when its code or the server bundle changes. Reload the browser to see changes.
 */
import { execSync, spawn } from 'node:child_process';

execSync('npm run build', { stdio: 'inherit' });
const children = [
  spawn('vite', ['build', '--watch'], { stdio: 'inherit' }),
  spawn('vite', ['build', '--ssr', 'src/entry-server.tsx', '--watch'], { stdio: 'inherit' }),
  spawn('tsx', ['watch', '--include', 'dist/server/**', '--include', 'dist/build.json', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', RENDER_CACHE_TTL_MS: '0' },
  }),
];
const stop = () => children.forEach((child) => child.kill());
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
