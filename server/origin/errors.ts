/** The origin's JSON errors: the shared HttpError of both servers (decision 008, DESIGN §3). */
export { HttpError, badRequest, notFound } from '../common/http-error';

import { HttpError } from '../common/http-error';

/**
 * A 400 with the messages of spec §5 per field, for a form to show beside each field
 * (accounts and contact forms). Checked in the handler, not in a route schema: the rules
 * are the browser's own (src/shared/rules), answered as message ids per field.
 */
export function validationFailed(fields: Record<string, { id: string; values?: Record<string, number> }>): HttpError {
  return new HttpError(400, 'VALIDATION_FAILED', 'Some fields are not valid', { details: { fields } });
}
