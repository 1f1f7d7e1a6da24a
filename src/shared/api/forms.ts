/** forms/v1 (spec §7): the contact forms' submissions. */
import { z } from '../zod';
import { CONTACT_FORMS } from '../rules/forms';
import { endpoint } from './endpoint';
import { FORMS_API_PATHS } from './paths';

/**
 * The body's shape; the fields' own rules depend on the form it names (known fields,
 * spec §5 rules), so the origin checks them in its handler (VALIDATION_FAILED per field).
 */
const formSubmissionRequest = z.object({
  form: z.enum(CONTACT_FORMS),
  fields: z.record(z.string().max(40), z.string().max(5000)),
});

export const formsApi = {
  submit: endpoint({
    method: 'POST',
    path: FORMS_API_PATHS.submissions,
    status: 201,
    request: { body: formSubmissionRequest },
    response: z.object({ id: z.number().int() }),
    errors: ['VALIDATION_FAILED', 'BAD_REQUEST'],
  }),
};
