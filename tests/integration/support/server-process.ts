/**
 * A server of the product in a child process (the server's build of `server/main.ts` or
 * `server/origin/main.ts`, as `npm start` and `npm run start:origin` run them; the
 * integration projects' global setup rebuilds it when its source changed): started with
 * its environment, ready when its start line appears, stopped by a signal like a process
 * manager does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ensureServerBuild, serverNodeArgs, type ServerEntry } from '../../../scripts/build-server';

export interface ServerProcess {
  child: ChildProcess;
  /** The address from the start line. */
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends `signal` to the server process. */
  signal(signal: NodeJS.Signals): void;
  /** Ends it (SIGTERM, then SIGKILL to its group after 10 s) and waits. */
  stop(): Promise<void>;
}

const START_LINES = {
  'server/main.ts': /Site server on (http:\/\/\S+)/,
  'server/origin/main.ts': /Origin on (http:\/\/\S+)/,
} as const;

const BUILT_ENTRIES: Record<keyof typeof START_LINES, ServerEntry> = {
  'server/main.ts': 'main',
  'server/origin/main.ts': 'origin-main',
};

export async function startServerProcess(
  entry: keyof typeof START_LINES,
  env: Record<string, string>,
): Promise<ServerProcess> {
  // Fresh already in the test projects (their global setup); a benchmark run by hand after
  // a change to server/ rebuilds it here.
  await ensureServerBuild();
  const child = spawn(process.execPath, serverNodeArgs(BUILT_ENTRIES[entry]), {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ORIGIN_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own group, so that a test that fails can end everything it started.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setInterval(() => {
      const match = START_LINES[entry].exec(output);
      if (match) {
        clearInterval(timer);
        resolveUrl(match[1]!.replace(/[,)]$/, ''));
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`${entry} exited with ${child.exitCode} before its start line:\n${output}`));
      }
    }, 50);
  });
  return {
    child,
    url,
    output: () => output,
    exited,
    signal: (signal) => child.kill(signal),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
