/** The site server's JSON errors: the shared HttpError of both servers (decision 008, DESIGN §3). */
import { HttpError } from '../common/http-error';

export { HttpError };

/**
 * A request body that is not JSON. A 400 like any other bad input, not 415: bad input of any kind
 * is a 400 (docs/security.md), and the client needs only the one error shape.
 */
export function notJsonBodyError(): HttpError {
  return new HttpError(400, 'BAD_REQUEST', 'The request body must be JSON (content-type: application/json)');
}

/** A body sent as JSON that does not parse. */
export function malformedJsonBodyError(): HttpError {
  return new HttpError(400, 'BAD_REQUEST', 'The request body is not valid JSON');
}
