/**
 * `npx tsx scripts/trace-main-thread.ts <url> [more urls]`: a Chromium performance trace of
 * a first visit with the phone's 4× CPU slowdown, summarised: the main thread's long tasks
 * (≥ 50 ms) and, inside them, where the time went (script by URL, style and layout, parse,
 * compile, garbage collection), so that work is cut where the trace says, not where one
 * guesses. The raw trace is kept (TRACE_DIR, default a temp folder) for DevTools.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/chromium';
import { firstPage, installApp, launchProfile } from './bench-support/installed-app';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { url?: string; functionName?: string; frame?: string; stackTrace?: Array<{ url: string }> };
  };
}

const CPU_SLOWDOWN = Number(process.env.TRACE_CPU_SLOWDOWN ?? 4);
const SETTLE_MS = Number(process.env.TRACE_SETTLE_MS ?? 6000);
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
  'v8',
  'blink',
  'loading',
  'toplevel',
].join(',');

/** Short name of what an event did, grouped as Lighthouse groups them. */
function kind(event: TraceEvent): string | null {
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'FunctionCall':
    case 'EventDispatch':
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'RunMicrotasks':
    case 'v8.run':
      return 'script';
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
    case 'v8.produceModuleCache':
    case 'CacheScript':
      return 'compile';
    case 'ParseHTML':
    case 'ParseAuthorStyleSheet':
      return 'parse';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
    case 'Layout':
    case 'InvalidateLayout':
      return 'style & layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'CompositeLayers':
    case 'Commit':
      return 'rendering';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GCScavenger':
    case 'V8.GCFinalizeMC':
    case 'BlinkGC.AtomicPhase':
      return 'gc';
    default:
      return null;
  }
}

const urlOf = (event: TraceEvent) => event.args?.data?.url || event.args?.data?.stackTrace?.[0]?.url || '';

function summarise(events: TraceEvent[], origin: string): string[] {
  const threads = new Map<string, string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name')
      threads.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  const mainKeys = [...threads].filter(([, name]) => name === 'CrRendererMain').map(([key]) => key);
  // The renderer of the page: the one with the most events naming the page's origin (a
  // headless browser on a profile on disk runs its own pages' renderers too).
  const counts = mainKeys.map(
    (key) => [key, events.filter((e) => `${e.pid}:${e.tid}` === key && urlOf(e).startsWith(origin)).length] as const,
  );
  const main = counts.sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const start = Math.min(...onMain.map((e) => e.ts));
  const lines: string[] = [];
  let total = 0;
  const byKind = new Map<string, number>();
  const byUrl = new Map<string, number>();
  for (const task of tasks) total += task.dur!;
  // Self time per kind: each event minus its children (events nested in time on one thread).
  const sorted = [...onMain].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const stack: Array<{ event: TraceEvent; child: number; url: string }> = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= until) {
      const top = stack.pop()!;
      const self = top.event.dur! - top.child;
      const what = kind(top.event) ?? (top.event.name === 'RunTask' ? 'other (task)' : null);
      if (what) {
        byKind.set(what, (byKind.get(what) ?? 0) + self);
        if (what === 'script' || what === 'compile') {
          const url = (top.url || 'unattributed').replace(origin, '');
          byUrl.set(url, (byUrl.get(url) ?? 0) + self);
        }
        if (stack.length) stack.at(-1)!.child += top.event.dur!;
      } else if (stack.length) {
        // Not a kind: its self time counts to the parent's kind.
        stack.at(-1)!.child += top.child;
      }
    }
  };
  for (const event of sorted) {
    close(event.ts);
    const parentUrl = stack.at(-1)?.url ?? '';
    stack.push({ event, child: 0, url: urlOf(event) || parentUrl });
  }
  close(Infinity);
  lines.push(`main thread: ${(total / 1000).toFixed(0)} ms in ${tasks.length} tasks`);
  lines.push(
    '  by kind (self time): ' +
      [...byKind]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)} ms`)
        .join(', '),
  );
  lines.push('  script and compile by URL:');
  for (const [url, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12))
    lines.push(`    ${(v / 1000).toFixed(0).padStart(6)} ms  ${url}`);
  lines.push('  long tasks (≥ 50 ms):');
  for (const task of tasks.filter((t) => t.dur! >= 50_000)) {
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e !== task);
    const top = inside
      .filter((e) => kind(e))
      .sort((a, b) => b.dur! - a.dur!)
      .slice(0, 3)
      .map(
        (e) =>
          `${e.name}${urlOf(e) ? ` ${urlOf(e).replace(origin, '')}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''} ${(e.dur! / 1000).toFixed(0)}`,
      )
      .join('; ');
    lines.push(`    at ${((task.ts - start) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms — ${top}`);
  }
  return lines;
}

/** Traces one visit of `url` in `context`'s first page and prints the summary. */
async function traceVisit(context: BrowserContext, url: string, dir: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  await cdp.send('Tracing.end');
  await done;
  const file = join(dir, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}.json`);
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  console.log(`\n${url} (trace: ${file})`);
  for (const line of summarise(events, new URL(url).origin)) console.log(line);
}

/**
 * TRACE_INSTALLED_OFFLINE=1: the installed app's cold start offline instead of a first
 * visit: the app is installed from the first URL's origin on a profile on disk, the
 * locator shown once (the station list synced), then the browser is launched again
 * offline for each URL (scripts/bench-support/installed-app.ts).
 */
async function traceInstalledOffline(urls: string[], dir: string): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'st1-trace-profile-'));
  try {
    const installed = await installApp(profile, new URL(urls[0]!).origin, 2000);
    for (const url of urls) await (await firstPage(installed)).goto(url, { waitUntil: 'load' });
    await (await firstPage(installed)).waitForTimeout(SETTLE_MS);
    await installed.close();
    for (const url of urls) {
      const context = await launchProfile(profile, true);
      await traceVisit(context, url, dir);
      await context.close();
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main() {
  const urls = process.argv.slice(2);
  if (urls.length === 0) throw new Error('Usage: tsx scripts/trace-main-thread.ts <url> [url …]');
  const dir = process.env.TRACE_DIR ?? mkdtempSync(join(tmpdir(), 'st1-trace-'));
  if (process.env.TRACE_INSTALLED_OFFLINE === '1') return traceInstalledOffline(urls, dir);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  try {
    for (const url of urls) {
      const context = await browser.newContext({
        locale: 'fi-FI',
        viewport: { width: 412, height: 823 },
        isMobile: true,
      });
      await traceVisit(context, url, dir);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
