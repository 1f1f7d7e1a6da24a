/**
 * How much optional traffic a connection gets (spec §4 prefetch, docs/pwa.md "Slow links"):
 * the page's payload prefetch and background syncs, and the service worker's precache.
 * Shared by the page (src/features/pwa/prefetch.ts) and the worker (sw/), which both
 * read `navigator.connection` (the Network Information API; Chromium has it in both).
 *
 * `effectiveType` alone is too coarse: Chromium calls everything from 270 ms to 1400 ms
 * round trip "3g", so an 800 ms / 250 kbit/s link passed as fast enough. The measured
 * `rtt` (ms) and `downlink` (Mbit/s) decide as well; 0 means "not known" in Chromium.
 */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
  rtt?: number;
  downlink?: number;
}

/**
 * 'full': every link in view is prefetched; 'light': a few (LIGHT_PREFETCH_LIMIT), one
 * at a time; 'none': nothing optional at all (and the worker precaches the app shell only).
 */
export type ConnectionBudget = 'full' | 'light' | 'none';

/** At or beyond either figure a link gets nothing optional (an 800 ms / 250 kbit/s link). */
const SLOW_LINK = { rttMs: 700, downlinkMbps: 0.3 } as const;
/** At or beyond either figure (typical "3g": 400 ms, 0.35–1 Mbit/s) a link gets a few prefetches. */
const MODERATE_LINK = { rttMs: 300, downlinkMbps: 1 } as const;

function measured(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The budget of a connection; browsers without the API (Safari, Firefox) count as fast. */
export function connectionBudget(connection: ConnectionInfo | undefined): ConnectionBudget {
  if (!connection) return 'full';
  if (connection.saveData === true) return 'none';
  if (connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g') return 'none';
  const rtt = measured(connection.rtt);
  const downlink = measured(connection.downlink);
  if ((rtt !== undefined && rtt >= SLOW_LINK.rttMs) || (downlink !== undefined && downlink < SLOW_LINK.downlinkMbps))
    return 'none';
  if (
    connection.effectiveType === '3g' ||
    (rtt !== undefined && rtt >= MODERATE_LINK.rttMs) ||
    (downlink !== undefined && downlink < MODERATE_LINK.downlinkMbps)
  )
    return 'light';
  return 'full';
}
