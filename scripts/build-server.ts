/**
 * The server's own build: `server/` (and the `src/shared` rules it imports) bundled by
 * esbuild into `dist/node/`, one file per process or thread entry, npm packages left to
 * Node. `npm start`, the tests' child-process servers and the benchmarks run it with plain
 * `node`: under tsx every start resolved and compiled about 300 modules on every thread,
 * which cost about half of a start's CPU (docs/performance.md "Test suite").
 *
 * `npx tsx scripts/build-server.ts` builds; `ensureServerBuild()` rebuilds only when a
 * source file the bundle was built from changed since (the inputs are in its metafile).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

const SERVER_BUILD_DIR = resolve('dist/node');

/**
 * Flat names beside each other: a thread's entry is found next to the file that starts it
 * (server/common/thread-entry.ts). Two folders deep like `server/origin/`, so that
 * server-texts.ts finds `locales/` at `../../locales` in both.
 */
const ENTRIES = {
  main: 'server/main.ts',
  'origin-main': 'server/origin/main.ts',
  'embedded-worker': 'server/origin/embedded-worker.ts',
  'ready-worker': 'server/site/ready-worker.ts',
} as const;

export type ServerEntry = keyof typeof ENTRIES;

const METAFILE = join(SERVER_BUILD_DIR, 'metafile.json');

/** The path of a built entry, e.g. `dist/node/main.js`. */
export function serverBuildFile(entry: ServerEntry, root = '.'): string {
  return resolve(root, 'dist/node', `${entry}.js`);
}

/**
 * Node's arguments for a built entry, as `npm start` runs it: stack traces in the logs
 * name the TypeScript source (about 0.3 s more per start than without).
 */
export function serverNodeArgs(entry: ServerEntry, root = '.'): string[] {
  return ['--enable-source-maps', serverBuildFile(entry, root)];
}

async function buildServer(): Promise<void> {
  mkdirSync(SERVER_BUILD_DIR, { recursive: true });
  const result = await build({
    entryPoints: ENTRIES,
    outdir: SERVER_BUILD_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // npm packages stay in node_modules: native ones (better-sqlite3) cannot be bundled,
    // and Node resolves the rest once per start, not once per module of ours.
    packages: 'external',
    // Stack traces name the TypeScript source (`node --enable-source-maps`).
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    write: false,
  });
  // Each file whole or not at all: a server starting from the build while another process
  // rebuilds it (two benchmarks run by hand) never reads half a file. The metafile last,
  // so that a build cut short stays stale.
  const replace = (path: string, contents: Uint8Array | string) => {
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, path);
  };
  for (const file of result.outputFiles) replace(file.path, file.contents);
  replace(METAFILE, JSON.stringify(result.metafile));
  if (!existsSync(join(SERVER_BUILD_DIR, '../../locales'))) {
    throw new Error(
      `${SERVER_BUILD_DIR} is not two folders below the repository: server-texts.ts would not find locales/`,
    );
  }
}

/**
 * True when the bundle is missing or older than any source file it was built from (its
 * metafile, written last, names them relative to the repository).
 */
export function serverBuildIsStale(metafile = METAFILE): boolean {
  if (!existsSync(metafile)) return true;
  const builtAt = statSync(metafile).mtimeMs;
  const inputs = Object.keys((JSON.parse(readFileSync(metafile, 'utf8')) as Metafile).inputs);
  return inputs.some((input) => !existsSync(input) || statSync(input).mtimeMs > builtAt);
}

/** Builds the server when its bundle is missing or stale (0.3–1 s); a no-op otherwise. */
export async function ensureServerBuild(): Promise<void> {
  if (serverBuildIsStale()) await buildServer();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await buildServer();
