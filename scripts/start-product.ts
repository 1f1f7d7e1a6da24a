/**
 * The product (`tsx server/main.ts`: site server with the embedded origin) in a child
 * process on a fresh data folder, for the benchmarks: they measure it from outside, on its
 * own event loop, as a visitor's browser would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { benchDataDir } from './bench-support/data-dir';

export interface RunningProduct {
  child: ChildProcess;
  /** The site server, e.g. http://127.0.0.1:3213 */
  url: string;
  /** The embedded origin, from the product's start line. */
  originUrl: string;
  /** Stops the product, tsx's node child included (they share a process group). */
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
}): Promise<RunningProduct> {
  // With node flags (a CPU profile), node itself with tsx as its loader: node refuses
  // flags such as --cpu-prof in NODE_OPTIONS, and the tsx launcher would take them itself.
  const [command, args] = options.nodeArgs
    ? [process.execPath, [...options.nodeArgs, '--import', 'tsx', 'server/main.ts']]
    : ['tsx', ['server/main.ts']];
  const child = spawn(command, args, {
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
