/**
 * A throwaway PostgreSQL server for integration tests, from Debian's `postgresql` package
 * (.ci/run installs it): initdb into a temporary folder, the server on 127.0.0.1 at a free
 * port with trust authentication, removed again by `stop()`. Run as root (CI), the server
 * runs as the `postgres` user, since PostgreSQL refuses to run as root.
 *
 * Without the binaries the tests are skipped only outside CI (CI unset), and say so; in CI
 * a missing PostgreSQL is an error, so the PostgreSQL tests can never pass by not running.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface ThrowawayPostgres {
  /** The server's maintenance database, for creating more (createDatabaseAt). */
  adminUrl: string;
  /** A new, empty database on the server: its connection URL. */
  createDatabase(name: string): Promise<string>;
  /**
   * A fast shutdown (SIGINT: connections ended, data kept), `whileDown`, then the server
   * again on the same port and data.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Where initdb and postgres are: PG_BIN, else the newest /usr/lib/postgresql/N/bin. */
export function findPostgresBin(
  env: NodeJS.ProcessEnv = process.env,
  debianRoot = '/usr/lib/postgresql',
): string | undefined {
  const candidates: string[] = [];
  if (env.PG_BIN) candidates.push(env.PG_BIN);
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debianRoot, version, 'bin')));
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')));
}

/**
 * Why the PostgreSQL tests cannot run here, or undefined when they can. Outside CI only:
 * in CI (`CI` set to anything but "false"/"0") a missing server is a failure, not a skip.
 */
export function postgresSkipReason(
  env: NodeJS.ProcessEnv = process.env,
  debianRoot = '/usr/lib/postgresql',
): string | undefined {
  if (findPostgresBin(env, debianRoot)) return undefined;
  const inCi = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  if (inCi) return undefined; // startThrowawayPostgres then fails with the reason
  return 'PostgreSQL tests skipped: not in CI (CI is unset) and no PostgreSQL binaries (apt-get install postgresql, or set PG_BIN)';
}

/** The uid and gid of a user from /etc/passwd (no getpwnam in Node). */
function userIds(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A port that was free on 127.0.0.1 a moment ago (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const USER = 'st1test';

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error(
      'PostgreSQL binaries not found (looked in PG_BIN and /usr/lib/postgresql/*/bin): .ci/run installs the Debian package postgresql',
    );
  const root = mkdtempSync(join(tmpdir(), 'st1-postgres-'));
  const dataDir = join(root, 'data');
  const runAs = process.getuid?.() === 0 ? (userIds('postgres') ?? userIds('nobody')) : undefined;
  if (runAs) chownSync(root, runAs.uid, runAs.gid);
  const asUser = { cwd: root, ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}) };

  execFileSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '--auth=trust', `--username=${USER}`, '--encoding=UTF8', '--locale=C', '--no-sync'],
    { ...asUser, stdio: 'pipe' },
  );
  const port = await freePort();
  const adminUrl = `postgres://${USER}@127.0.0.1:${port}/postgres`;
  const launch = async () => {
    const server: ChildProcess = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-k',
        root,
        '-c',
        'listen_addresses=127.0.0.1',
        // One server can serve a whole test run (postgres-global-setup.ts): many pools at once.
        '-c',
        'max_connections=300',
        // A test database: durability is not needed, speed is.
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
      ],
      { ...asUser, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let log = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
    });
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: adminUrl });
      try {
        await client.connect();
        await client.end();
        return { server, exited };
      } catch (error) {
        await client.end().catch(() => undefined);
        if (server.exitCode !== null || Date.now() > deadline) {
          server.kill('SIGKILL');
          throw new Error(`PostgreSQL did not start: ${String(error)}\n${log}`, { cause: error });
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  let current = await launch().catch((error: unknown) => {
    rmSync(root, { recursive: true, force: true });
    throw error;
  });

  return {
    adminUrl,
    createDatabase: (name) => createDatabaseAt(adminUrl, name),
    async restart(whileDown) {
      current.server.kill('SIGINT');
      await current.exited;
      await whileDown?.();
      current = await launch();
    },
    async stop() {
      const { server, exited } = current;
      // SIGTERM is PostgreSQL's smart shutdown: it lets the pool's last connections close
      // by themselves (a fast shutdown would end them with an error the pool reports).
      const within = (ms: number) => Promise.race([exited, new Promise((resolve) => setTimeout(resolve, ms))]);
      if (server.exitCode === null) server.kill('SIGTERM');
      await within(10_000);
      if (server.exitCode === null) server.kill('SIGINT');
      await within(5_000);
      if (server.exitCode === null) server.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * A new database on the server of `adminUrl` (a throwaway one): its connection URL. Empty,
 * or a copy of the database `template` (which must have no open connections).
 */
export async function createDatabaseAt(adminUrl: string, name: string, template?: string): Promise<string> {
  for (const identifier of [name, template ?? 'template0'])
    if (!/^[a-z][a-z0-9_]{0,50}$/.test(identifier)) throw new Error(`Bad database name ${identifier}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
