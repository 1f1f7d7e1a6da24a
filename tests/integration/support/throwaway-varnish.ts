/**
 * A throwaway Varnish for tests, from Debian's `varnish` and `varnish-modules` packages
 * (.ci/run installs them): the shipped deploy/varnish/default.vcl with its backends block
 * replaced by the given site servers, 127.0.0.1 on a free port, 64 MB of memory storage,
 * its working folder in a temporary directory. Like throwaway-redis.ts, a missing binary
 * skips the tests only outside CI; in CI it is an error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, globSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayVarnish {
  url: string;
  port: number;
  /** Its working folder (`varnishstat -n <workDir>`). */
  workDir: string;
  stop(): Promise<void>;
}

/** Debian's place for varnish-modules' xkey, under the machine's multiarch folder. */
const hasXkey = () => globSync('/usr/lib/*/varnish/vmods/libvmod_xkey.so').length > 0;

function findVarnishd(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return [env.VARNISHD, '/usr/sbin/varnishd'].find(
    (candidate): candidate is string => candidate !== undefined && existsSync(candidate),
  );
}

/** Why the Varnish tests cannot run here (outside CI without the binaries), else undefined. */
export function varnishSkipReason(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (findVarnishd(env) && (env.VARNISHD || hasXkey())) return undefined;
  const inCi = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  if (inCi) return undefined; // startThrowawayVarnish then fails with the reason
  return 'Varnish tests skipped: not in CI (CI is unset) and no varnishd with the xkey module (apt-get install varnish varnish-modules, or set VARNISHD)';
}

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

/**
 * The shipped VCL with the site servers as its backends (probed on /readyz every 2 s, as
 * shipped). `shortTimesS` replaces the site's s-maxage and the grace of a healthy request
 * (stale-while-revalidate) by that many seconds, for a test that must see them run out.
 */
export function vclFor(
  backendPorts: readonly number[],
  options: { shortTimesS?: number | undefined; vclPath?: string } = {},
): string {
  const vclPath = options.vclPath ?? 'deploy/varnish/default.vcl';
  let shipped = readFileSync(vclPath, 'utf8');
  if (options.shortTimesS !== undefined) {
    const grace = 'set req.grace = 60s;';
    if (!shipped.includes(grace)) throw new Error(`${vclPath} no longer says "${grace}"`);
    shipped = shipped.replace(grace, `set req.grace = ${options.shortTimesS}s;`);
    // Subroutines of one name run in the order written: this runs before the shipped one.
    shipped = shipped.replace(
      'sub vcl_backend_response {',
      `sub vcl_backend_response {\n    set beresp.ttl = ${options.shortTimesS}s;\n}\n\nsub vcl_backend_response {`,
    );
  }
  const block = /# backends:start[^\n]*\n[\s\S]*?# backends:end/;
  if (!block.test(shipped)) throw new Error(`${vclPath} has no "# backends:start … # backends:end" block`);
  const probe = /probe site_ready \{[\s\S]*?\n\}/.exec(shipped)?.[0] ?? '';
  const backends = backendPorts
    .map((port, index) => `backend site_${index + 1} { .host = "127.0.0.1"; .port = "${port}"; .probe = site_ready; }`)
    .join('\n');
  const adds = backendPorts.map((_port, index) => `    site.add_backend(site_${index + 1});`).join('\n');
  return shipped.replace(
    block,
    `${probe}\n${backends}\nsub vcl_init {\n    new site = directors.round_robin();\n${adds}\n}`,
  );
}

export async function startThrowawayVarnish(options: {
  backendPorts: readonly number[];
  port?: number;
  /** Memory storage; the benchmark gives it more. */
  storage?: string;
  /** varnishd parameters (`-p name=value`), for the benchmark. */
  params?: readonly string[];
  /** See vclFor. */
  shortTimesS?: number;
}): Promise<ThrowawayVarnish> {
  const binary = findVarnishd();
  if (!binary)
    throw new Error(
      'varnishd not found (VARNISHD or /usr/sbin/varnishd): .ci/run installs varnish and varnish-modules',
    );
  const dir = mkdtempSync(join(tmpdir(), 'st1-varnish-'));
  // The worker processes run as Debian's varnish users: they must read the folder and the VCL.
  chmodSync(dir, 0o755);
  const vcl = join(dir, 'test.vcl');
  writeFileSync(vcl, vclFor(options.backendPorts, { shortTimesS: options.shortTimesS }), { mode: 0o644 });
  const port = options.port ?? (await freePort());
  const params = (options.params ?? []).flatMap((param) => ['-p', param]);
  const server: ChildProcess = spawn(
    binary,
    [
      '-F',
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      vcl,
      '-s',
      options.storage ?? 'malloc,64m',
      '-n',
      join(dir, 'work'),
      '-T',
      'none',
      ...params,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const collect = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000));
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  // Up, and its probes have found the site servers ready: a readiness check through it
  // reaches a site server (before that, Varnish answers 503 itself).
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) });
      await response.body?.cancel();
      if (response.status !== 200) throw new Error(`readiness through Varnish: ${response.status}`);
      break;
    } catch (error) {
      if (server.exitCode !== null || Date.now() > deadline) {
        server.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`Varnish did not start: ${String(error)}\n${log}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url,
    port,
    workDir: join(dir, 'work'),
    async stop() {
      if (server.exitCode === null) server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
