import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  E2E_CHROMIUM_ARGS,
  E2E_DISABLED_FEATURES,
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

  it("load no address-bar popup for a page's window (the benchmarks' browsers still do)", async () => {
    // The control: without the switch Chromium 156 loads the popup's WebUI pages per window.
    expect(await browserUiTargets(CHROMIUM_ARGS)).toEqual(
      expect.arrayContaining([expect.stringContaining('omnibox-popup')]),
    );
    expect(await browserUiTargets(E2E_CHROMIUM_ARGS)).toEqual([]);
  }, 30_000);
});
