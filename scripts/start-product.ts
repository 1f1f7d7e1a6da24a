/**
 * The product (site server with the embedded origin, as `npm start` runs it: the server's
 * build, scripts/build-server.ts) in a child process on a fresh data folder, for the
 * benchmarks: they measure it from outside, on its own event loop, as a visitor's browser
 * would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { benchDataDir } from './bench-support/data-dir';
import { ensureServerBuild, serverBuildFile, serverNodeArgs } from './build-server';

export interface RunningProduct {
  child: ChildProcess;
  /** The site server, e.g. http://127.0.0.1:3213 */
  url: string;
  /** The embedded origin, from the product's start line. */
  originUrl: string;
  /** Stops the product and everything it started (they share a process group). */
  stop(): void;
}

export async function startProduct(options: {
  port: number;
  /** Names the data folder: st1-bench-<name>-… */
  name: string;
  env?: Record<string, string>;
  /** Another checkout of the product (an earlier commit measured side by side); this one by default. */
  cwd?: string;
  /** Flags for node itself, e.g. ['--cpu-prof']. */
  nodeArgs?: string[];
  /**
   * The TypeScript source under tsx instead of the build (scripts/bench-start-up.ts compares
   * the two starts).
   */
  fromSource?: boolean;
}): Promise<RunningProduct> {
  const args = options.fromSource ? SOURCE_ARGS : await productArgs(options.cwd);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: options.env?.DATA_DIR ?? benchDataDir(options.name),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  const originUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`No start line from the product on port ${options.port}: ${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /origin embedded at (http:\/\/[^\s,)]+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stdout!.pipe(process.stdout);
      resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The product exited with ${code} before it started: ${output}`));
    });
  });
  return { child, url: `http://127.0.0.1:${options.port}`, originUrl, stop };
}

/**
 * This checkout's server build, rebuilt first when its source changed. Another checkout (a
 * commit measured side by side) runs its own build, or its TypeScript under tsx when it
 * predates the server's build.
 */
async function productArgs(cwd: string | undefined): Promise<string[]> {
  if (cwd === undefined) {
    await ensureServerBuild();
    return serverNodeArgs('main');
  }
  return existsSync(serverBuildFile('main', cwd)) ? serverNodeArgs('main', cwd) : SOURCE_ARGS;
}

const SOURCE_ARGS = ['--import', 'tsx', 'server/main.ts'];
