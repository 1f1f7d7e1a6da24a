/**
 * Which precache entries install with the worker and which wait until they are used
 * (pure, unit-tested). The build marks the app shell (`shell: true`, vite.config.ts): the
 * scripts and stylesheet the HTML template names, the message catalogs, and the few
 * files outside assets/ (icons, logo, favicon, the offline page's stylesheet). The rest
 * (route and block chunks, the map) is precached on a normal connection, but on
 * Save-Data, 2g or a slow link (the 'none' budget of #shared/connection-budget) it is
 * fetched and kept only when a page uses it (./precache-on-use.ts).
 */
import { connectionBudget, type ConnectionInfo } from '#shared/connection-budget';

export interface PlannedEntry {
  url: string;
  revision: string | null;
  integrity?: string;
  /** Part of the app shell: always precached at install. */
  shell?: boolean;
}

export function splitPrecache(entries: ReadonlyArray<PlannedEntry | string>): {
  shell: PlannedEntry[];
  onUse: PlannedEntry[];
} {
  const shell: PlannedEntry[] = [];
  const onUse: PlannedEntry[] = [];
  for (const entry of entries) {
    const planned = typeof entry === 'string' ? { url: entry, revision: null, shell: true } : entry;
    (planned.shell === false ? onUse : shell).push(planned);
  }
  return { shell, onUse };
}

/** Whether the worker installs with the app shell alone: Save-Data, 2g or a slow link. */
export function installsShellOnly(connection: ConnectionInfo | undefined): boolean {
  return connectionBudget(connection) === 'none';
}
