/**
 * zod for modules that also run in the browser. In a browser zod runs jitless: its JIT
 * compiles parsers with `new Function`, and probing for that is an eval that our CSP
 * (script-src without 'unsafe-eval') refuses, which Chromium reports as a CSP issue on
 * every page that parses data (and Lighthouse counts against best practices). The server
 * keeps the JIT. https://zod.dev/packages/core#global-config (jitless)
 */
// eslint-disable-next-line no-restricted-imports -- the one place that imports zod itself
import { z } from 'zod';

if ('window' in globalThis) z.config({ jitless: true });

export { z };
