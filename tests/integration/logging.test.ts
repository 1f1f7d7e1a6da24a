/**
 * The product's logs as an operator reads them (docs/operations.md): `npm start`'s server in a
 * child process, its stdout parsed line by line. Static files write no line per request,
 * pages do at info level, and an error inside the embedded origin is logged by the origin.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, requireProductionBuild } from './support/site-with-origin';

requireProductionBuild('tests/integration/logging.test.ts');

interface LogLine {
  level: number;
  name?: string;
  msg?: string;
  req?: { url?: string };
  reqId?: string;
}

let child: ChildProcess;
let dataDir: string;
let baseUrl: string;
let output = '';

/** The JSON lines written so far (the start line and other plain text are skipped). */
function logLines(): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'st1-logging-test-'));
  child = spawn(join('node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      RENDER_CACHE_TTL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that tsx's node child stops with it.
    detached: true,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Site server on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`The server exited with ${code}: ${output}`));
    });
  });
}, 60_000);

afterAll(() => {
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Lets the server write its lines for the last request. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('logs of the running product', () => {
  it('writes no line for static files, images and manifests', async () => {
    const script = readdirSync(join(distDir, 'client', 'assets')).find((file) => file.endsWith('.js'))!;
    const quiet = [
      `/assets/${script}`,
      '/favicon.svg',
      '/sw.js',
      '/images/hero-fuel?w=640&h=360&fit=cover&fm=webp',
      '/manifests/fi-FI.webmanifest',
      '/builds/latest.json',
      '/healthz',
    ];
    for (const path of quiet) expect((await fetch(`${baseUrl}${path}`)).status, path).toBe(200);
    await settle();
    const logged = logLines().filter((line) => quiet.includes(line.req?.url ?? ''));
    expect(logged).toEqual([]);
  });

  it('logs a page request at info level', async () => {
    expect((await fetch(`${baseUrl}/yrityksille`)).status).toBe(200);
    await settle();
    const lines = logLines().filter((line) => line.req?.url === '/yrityksille');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.name === 'site' && line.level === 30)).toBe(true);
  });

  it('logs an error inside the embedded origin', async () => {
    // The layout table disappears under the running origin: its next layout read fails.
    const db = new Database(join(dataDir, 'origin.sqlite'));
    db.exec('DROP TABLE layouts');
    db.close();
    const response = await fetch(`${baseUrl}/en-EU/company`);
    expect(response.status).toBeGreaterThanOrEqual(500);
    await settle();
    const originErrors = logLines().filter((line) => line.name === 'origin' && line.level >= 50);
    expect(originErrors.length, output.slice(-2000)).toBeGreaterThan(0);
    expect(originErrors[0]!.msg).toBe('origin request failed');
  });
});
