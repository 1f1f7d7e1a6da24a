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
