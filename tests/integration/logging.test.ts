/**
 * The product's logs as an operator reads them (docs/operations.md "Logs"): `npm start`'s
 * server in a child process, its stdout parsed line by line. Static files write no line per
 * request, pages do at info level, and an error inside the embedded origin is logged by
 * the origin under the site's request id. The account and checkout flows, run at info and
 * at debug level, leave none of the personal values they used in the output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, requireProductionBuild } from './support/site-with-origin';
import { runPersonalFlows } from './support/personal-flows';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { seededDatabaseEnv } from './support/test-database';
import { serverNodeArgs } from '../../scripts/build-server';

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
  // A copy of the run's seeded template (SQLite: this file runs on SQLite only).
  const database = await seededDatabaseEnv('logging', dataDir);
  child = spawn(process.execPath, serverNodeArgs('main'), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...database,
      DIST_DIR: distDir,
      RENDER_CACHE_TTL_MS: '0',
      // The test is the proxy in front: its x-request-id is taken.
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that a failed test can end everything it started.
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

  it("takes a trusted proxy's request id, answers with it and logs the page under it", async () => {
    const response = await fetch(`${baseUrl}/yksityisille`, { headers: { 'x-request-id': 'lb-7f3a9c' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('lb-7f3a9c');
    // A malformed id (a space, a quote) is replaced by one of the server's own.
    const forged = await fetch(`${baseUrl}/yksityisille`, { headers: { 'x-request-id': 'a "b' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await settle();
    const lines = logLines().filter((line) => line.reqId === 'lb-7f3a9c');
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('writes none of the personal values of the account and checkout flows at info level', async () => {
    const personal = await runPersonalFlows(baseUrl, dataDir, 'info');
    await settle();
    expect(output).toContain('"msg":"incoming request"');
    expect(personal.filter((value) => output.includes(value))).toEqual([]);
    // Request lines keep the query's parameter names only.
    expect(output).toMatch(/\?token=\[redacted\]/);
  }, 60_000);

  it('logs an error inside the embedded origin under the request id of the page view', async () => {
    // The layout table disappears under the running origin: its next layout read fails.
    const db = new Database(join(dataDir, 'origin.sqlite'));
    db.exec('DROP TABLE layouts');
    db.close();
    const response = await fetch(`${baseUrl}/en-EU/company`, { headers: { 'x-request-id': 'broken-view-1' } });
    expect(response.status).toBeGreaterThanOrEqual(500);
    await settle();
    const originErrors = logLines().filter((line) => line.name === 'origin' && line.level >= 50);
    expect(originErrors.length, output.slice(-2000)).toBeGreaterThan(0);
    expect(originErrors[0]!.msg).toBe('origin request failed');
    // One grep finds the page view in both servers.
    const joined = logLines().filter((line) => line.reqId === 'broken-view-1');
    expect(new Set(joined.map((line) => line.name))).toEqual(new Set(['site', 'origin']));
  });
});

describe('logs at debug level', () => {
  let server: ServerProcess;
  let debugDataDir: string;

  beforeAll(async () => {
    debugDataDir = mkdtempSync(join(tmpdir(), 'st1-logging-debug-'));
    // No TRUST_PROXY: nobody's x-request-id is taken.
    server = await startServerProcess('server/main.ts', {
      LOG_LEVEL: 'debug',
      ...(await seededDatabaseEnv('logging_debug', debugDataDir)),
      DIST_DIR: distDir,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (debugDataDir) rmSync(debugDataDir, { recursive: true, force: true });
  });

  it('takes no request id from a sender that is not a trusted proxy', async () => {
    const response = await fetch(`${server.url}/yksityisille`, { headers: { 'x-request-id': 'client-chosen-id' } });
    expect(response.headers.get('x-request-id')).not.toBe('client-chosen-id');
    await settle();
    expect(server.output()).not.toContain('client-chosen-id');
  });

  it('writes none of the personal values of the account and checkout flows', async () => {
    const personal = await runPersonalFlows(server.url, debugDataDir, 'debug');
    await settle();
    const written = server.output();
    expect(written).toContain('"msg":"incoming request"');
    expect(personal.filter((value) => written.includes(value))).toEqual([]);
  }, 60_000);
});
