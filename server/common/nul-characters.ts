/**
 * The NUL character (U+0000) in request text. PostgreSQL's text types cannot hold it: an
 * e-mail or discount code with one made the query fail with a 500 (issue 27, finding 6),
 * while SQLite stored it. No field of ours has a use for it, so both servers refuse it in
 * any string of a JSON body, query or path parameter with a 400, on either database.
 */
import { HttpError } from './http-error';

/** Whether `value` (a parsed JSON body, a query or the parameters) has a string with NUL. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  return false;
}

export const nulRefusal = () =>
  new HttpError(400, 'BAD_REQUEST', 'The request contains a NUL character (U+0000), which no field accepts');
