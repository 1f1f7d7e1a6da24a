import { existsSync } from 'node:fs';

/** Debian's Chromium; CHROMIUM_PATH overrides. Tests never download a browser. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
  return path;
}

/**
 * Debian's old headless shell (package chromium-headless-shell: the same Chromium release,
 * built without the browser's windows, tabs and address bar), for the end-to-end specs, the
 * installed app's on profiles on disk included. Playwright itself runs headless tests in this
 * shell by default. Measured side by side on 2026-12-02 (docs/performance.md "Test suite"):
 * the same 35 tests took about 40 % less of Chromium's CPU and 20 % less time than in the
 * full browser. CI must have it (.ci/run installs it); elsewhere the full browser stands in,
 * with a note, so that a machine with only `chromium` still runs every spec.
 * CHROMIUM_HEADLESS_SHELL_PATH overrides the path.
 */
export function headlessShellPath(): string {
  const path = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
  if (existsSync(path)) return path;
  if (process.env.CI) {
    throw new Error(
      `Chromium's headless shell not found at ${path}. Install it with: apt-get update && apt-get install -y chromium-headless-shell (or set CHROMIUM_HEADLESS_SHELL_PATH).`,
    );
  }
  if (!warnedAboutShell) {
    warnedAboutShell = true;
    console.warn(
      `${path} not found: the page specs run in the full Chromium (slower; apt-get install -y chromium-headless-shell).`,
    );
  }
  return chromiumPath();
}

let warnedAboutShell = false;

/**
 * The flags every Chromium of the tests and scripts starts with: no sandbox (containers),
 * no GPU, nothing that reaches the network by itself (updates, sync, QUIC), and every host
 * name but loopback unresolvable, so that nothing can need the internet.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]',
];

/**
 * The features Playwright 1.65 turns off in every Chromium it starts (its
 * `chromiumSwitches.ts`). Repeated here because Chromium keeps only the last
 * `--disable-features` of its command line: a list of our own would switch these back on.
 * `chromium.test.ts` fails when the installed Playwright's list differs from this one.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Turned off in the end-to-end tests' browsers only: for every window, headless too,
 * Chromium 156 loads two WebUI pages of the address bar's suggestion popup
 * (chrome://omnibox-popup.top-chrome/ and its AI-mode page), and Playwright opens a window
 * per page. Measured side by side on 2026-11-30 (docs/performance.md "Test suite"): 30 new
 * contexts took about 2.3 s less CPU without them, and three spec files (49 tests) ran in
 * 67 and 62 s against 90 and 81 s. The installed-app benchmarks start with these flags too
 * (scripts/bench-support/installed-app.ts): a phone's app has no address bar.
 */
export const E2E_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** CHROMIUM_ARGS for the end-to-end tests: Playwright's features and ours turned off. */
export const E2E_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...E2E_DISABLED_FEATURES].join(',')}`,
];

/**
 * V8's optimizing compilers (Maglev and TurboFan) off, in the end-to-end tests' browsers
 * only. A test's page lives for seconds; on the 2-core CI machine, which the suite keeps
 * busy, the compilers' background threads took CPU from the next test's pages for code
 * that hardly ran again. Ignition and Sparkplug still run every script, so what a test
 * checks behaves the same. Measured side by side on 2026-12-02 (docs/performance.md "Test
 * suite"): two CPU-bound spec files (37 tests) in a median of 97 s against 112 s, with a
 * fifth less of the renderers' CPU. The benchmarks keep the compilers (CHROMIUM_ARGS,
 * E2E_CHROMIUM_ARGS): they measure the browser as a visitor runs it.
 */
export const E2E_TEST_JS_FLAGS = '--js-flags=--no-opt --no-maglev';

/** The flags of the browsers Playwright starts for the specs (playwright.config.ts). */
export const E2E_TEST_ARGS = [...E2E_CHROMIUM_ARGS, E2E_TEST_JS_FLAGS];

/**
 * A visitor's browser: headless Chromium says "HeadlessChrome", which the site server
 * (rightly) treats as a crawler, and crawlers skip first-visit locale detection.
 */
export const VISITOR_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
