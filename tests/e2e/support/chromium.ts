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
 * A visitor's browser: headless Chromium says "HeadlessChrome", which the site server
 * (rightly) treats as a crawler, and crawlers skip first-visit locale detection.
 */
export const VISITOR_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
