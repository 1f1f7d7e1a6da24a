import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_APP_ARGS } from '../../../scripts/bench-support/installed-app';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  E2E_CHROMIUM_ARGS,
  E2E_DISABLED_FEATURES,
  E2E_TEST_ARGS,
  E2E_TEST_JS_FLAGS,
  headlessShellPath,
  PLAYWRIGHT_DISABLED_FEATURES,
} from './chromium';

/** The `disabledFeatures` list of the installed Playwright's chromiumSwitches. */
function installedPlaywrightDisabledFeatures(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const start = bundle.indexOf('disabledFeatures = [');
  const end = bundle.indexOf('].filter(Boolean)', start);
  if (start < 0 || end < 0) throw new Error("Playwright's disabledFeatures list was not found in its coreBundle.js");
  const body = bundle.slice(start, end).replace(/\/\/.*$/gm, '');
  return [...body.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

/** The browser-UI targets (WebUI pages of Chromium's own windows) once a page is open. */
async function browserUiTargets(args: string[]): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args });
  try {
    const page = await browser.newPage();
    await page.goto('data:text/html,<title>t</title>');
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: Array<{ type: string; url: string }>;
    };
    return targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url);
  } finally {
    await browser.close();
  }
}

describe('the end-to-end browsers', () => {
  it("repeat the installed Playwright's disabled features, which our --disable-features would replace", () => {
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual(installedPlaywrightDisabledFeatures().sort());
  });

  it('pass one --disable-features, with both lists', () => {
    const switches = E2E_CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const features = switches[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...E2E_DISABLED_FEATURES]));
  });

  it("run without V8's optimizing compilers, which the benchmarks' browsers keep", () => {
    expect(E2E_TEST_ARGS).toEqual([...E2E_CHROMIUM_ARGS, E2E_TEST_JS_FLAGS]);
    for (const args of [CHROMIUM_ARGS, E2E_CHROMIUM_ARGS, PHONE_APP_ARGS]) {
      expect(args.some((arg) => arg.startsWith('--js-flags'))).toBe(false);
    }
  });

  it("load no address-bar popup for a page's window (the benchmarks' browsers still do)", async () => {
    // The control: without the switch Chromium 156 loads the popup's WebUI pages per window.
    expect(await browserUiTargets(CHROMIUM_ARGS)).toEqual(
      expect.arrayContaining([expect.stringContaining('omnibox-popup')]),
    );
    expect(await browserUiTargets(E2E_CHROMIUM_ARGS)).toEqual([]);
  }, 30_000);
});

describe("the page specs' headless shell", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('is required in CI, with the package to install', () => {
    vi.stubEnv('CHROMIUM_HEADLESS_SHELL_PATH', '/nonexistent/chromium-headless-shell');
    vi.stubEnv('CI', 'true');
    expect(() => headlessShellPath()).toThrow(/apt-get install -y chromium-headless-shell/);
  });

  it('gives way to the full browser elsewhere, with a note', () => {
    vi.stubEnv('CHROMIUM_HEADLESS_SHELL_PATH', '/nonexistent/chromium-headless-shell');
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(headlessShellPath()).toBe(chromiumPath());
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("renders a page with the specs' flags", async () => {
    const browser = await chromium.launch({ executablePath: headlessShellPath(), args: E2E_TEST_ARGS });
    try {
      const page = await browser.newPage();
      await page.goto('data:text/html,<title>shell</title><p>ok</p>');
      expect(await page.textContent('p')).toBe('ok');
      expect(browser.version()).toMatch(/^\d+\./);
    } finally {
      await browser.close();
    }
  }, 30_000);
});
