/** JSON errors of the site server's APIs: `{ status, code, message }` (DESIGN §3). */
export class SiteHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries, e.g. `retry-after` of a 503. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/**
 * A request body that is not JSON. A 400 like any other bad input, not 415: issue 2 asks
 * for "non-JSON bodies (400)", and the client needs only the one error shape.
 */
export function notJsonBodyError(): SiteHttpError {
  return new SiteHttpError(400, 'BAD_REQUEST', 'The request body must be JSON (content-type: application/json)');
}

/** A body sent as JSON that does not parse. */
export function malformedJsonBodyError(): SiteHttpError {
  return new SiteHttpError(400, 'BAD_REQUEST', 'The request body is not valid JSON');
}
