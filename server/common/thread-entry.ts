/**
 * Where a thread's entry module is: beside the module that starts it. Under tsx (the
 * tests, `npm run dev`) that is the TypeScript source; in the server's build
 * (scripts/build-server.ts, what `npm start` runs) each entry is a bundle of its own in
 * `dist/node/`, beside the main one.
 */
export function threadEntry(startingModuleUrl: string, name: string): URL {
  const extension = startingModuleUrl.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./${name}.${extension}`, startingModuleUrl);
}
