/**
 * The one error type of both servers (decision 008): thrown by a route or plugin, it is
 * answered as `{ status, code, message }` (DESIGN §3) by the shared error handler
 * (error-handler.ts), with its details and headers, whatever its status.
 */
import type { ErrorCode } from '#shared/rules/error-codes';

export class HttpError extends Error {
  /** Extra JSON fields of the answer, e.g. `fields` with per-field messages of a form. */
  readonly details: Readonly<Record<string, unknown>>;
  /** Headers the answer carries, e.g. `retry-after` of a 503. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    /**
     * A code of the catalogue (src/shared/rules/error-codes.ts); a row refusal of a station
     * import passes its row's code as a plain string.
     */
    readonly code: ErrorCode | (string & {}),
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }
}

export const notFound = (message: string) => new HttpError(404, 'NOT_FOUND', message);
export const badRequest = (message: string) => new HttpError(400, 'BAD_REQUEST', message);
