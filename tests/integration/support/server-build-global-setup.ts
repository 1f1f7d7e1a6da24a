/**
 * Vitest globalSetup of the projects whose files start the product in a child process
 * (server-process.ts, the benchmarks' scripts/start-product.ts): the server's build, remade
 * when its source changed since, before any file starts a server from it. Once, here:
 * files that rebuilt it side by side would race.
 */
import { ensureServerBuild } from '../../../scripts/build-server';

export default async function setup(): Promise<void> {
  await ensureServerBuild();
}
