/**
 * The notice an origin publishes on Redis after it committed a live-data import (prices,
 * charger statuses, tariffs), and every site server listens to (decision 017,
 * docs/stations.md "Live while open"): the live version the import took, nothing else.
 * The version is global (decision 016), so the notice names no country: a site server asks
 * the origin for the delta of each country it has streams open for.
 */
import { z } from 'zod';

export const STATION_LIVE_CHANNEL = 'st1:station-live';

/** REDIS_URL of both servers' configuration. */
export const redisUrlSchema = z
  .string()
  .url()
  .refine(
    (value) => URL.canParse(value) && /^rediss?:$/.test(new URL(value).protocol),
    'expected redis://host:port or rediss://host:port',
  )
  .optional();

export function liveNotice(version: number): string {
  return JSON.stringify({ version });
}

/** The version a notice names, or undefined for a message that is not one (never trusted blindly). */
export function readLiveNotice(message: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(message);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { version } = parsed as { version?: unknown };
    return typeof version === 'number' && Number.isSafeInteger(version) && version > 0 ? version : undefined;
  } catch {
    return undefined;
  }
}
