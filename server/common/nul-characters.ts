/**
 * The NUL character (U+0000) in request text. PostgreSQL's text types cannot hold it: an
 * e-mail or discount code with one made the query fail with a 500 (issue 27, finding 6),
 * while SQLite stored it. No field of ours has a use for it, so both servers refuse it in
 * any string of a JSON body, query or path parameter with a 400, on either database.
 */
import { HttpError } from './http-error';

/**
 * Whether `value` (a parsed JSON body, a query or the parameters) has a string with NUL,
 * in a value or a key. Walked with a list, not recursion: a hostile body nested thousands
 * of levels deep must not overflow the stack.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const entry of item) pending.push(entry);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, entry] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

export const nulRefusal = () =>
  new HttpError(400, 'BAD_REQUEST', 'The request contains a NUL character (U+0000), which no field accepts');
