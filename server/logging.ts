/**
 * Log settings shared by the site server and the embedded origin (docs/operations.md
 * "Logs"): pino through Fastify, one JSON line per event on stdout, the level from
 * LOG_LEVEL. Without LOG_LEVEL production logs warnings and errors only, so that load
 * does not fill the disk (request logs once wrote 100 MB in ten minutes); development logs requests too.
 */
import type { FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { redactingLoggerOptions } from './log-redaction';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const logLevelSchema = z.enum(LOG_LEVELS).optional();

/** LOG_LEVEL when given, else warn in production (`npm start` runs with NODE_ENV=production) and info elsewhere. */
export function logLevelFor(env: NodeJS.ProcessEnv, given: LogLevel | undefined): LogLevel {
  return given ?? (env.NODE_ENV === 'production' ? 'warn' : 'info');
}

/**
 * Fastify's `logger` option for one of the two servers; `name` tells their lines apart.
 * `stream` replaces stdout (tests read the lines). Personal data is masked before a line
 * is written (log-redaction.ts); each request's lines carry its id as `reqId`, the same
 * in both servers (server/common/request-id.ts).
 */
export function loggerOptions(
  name: 'site' | 'origin',
  level: LogLevel,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return { name, level, ...redactingLoggerOptions, ...(stream ? { stream } : {}) };
}

/**
 * The route option for answers that are not worth a line each at info level: static
 * files, images, manifests, health checks and the build check every open tab polls.
 * Their warnings and errors are still logged.
 */
export const QUIET_ROUTE = { logLevel: 'warn' } as const;
