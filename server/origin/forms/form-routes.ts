/**
 * forms/v1/submissions: the contact forms (customer service, business sales). The
 * fields are checked with the same spec §5 rules as in the browser; a valid submission
 * is stored together with an outbox message to the team that answers it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { CONTACT_FORM_FIELDS, contactFormRules } from '#shared/rules/forms';
import { formsApi } from '#shared/api/forms';
import { routeSchema } from '#shared/api/endpoint';
import { validateForm } from '#shared/rules/validation';
import type { Transact } from '../unit-of-work';
import { badRequest, validationFailed } from '../errors';
import { requestLocale } from '../locale-header';

/** Where submissions of each form go (a team mailbox; the sender outside delivers). */
const FORM_RECIPIENTS = { contact: 'asiakaspalvelu@st1.example', business: 'yritysmyynti@st1.example' } as const;

export function formRoutes(
  app: FastifyInstance,
  deps: {
    /** A submission and its mail to the team in one transaction (unit-of-work.ts). */
    transaction: Transact;
    /** The signed-in sender (the auth plugin), stored with the submission; null for a guest. */
    customerIdOf(request: FastifyRequest): Promise<string | null>;
  },
) {
  const api = zodRoutes(app);
  /**
   * The body's shape is the route schema; the fields' own rules depend on the form named
   * in the body (its known fields, spec §5 rules, topic options), so they stay here.
   */
  api.post('/forms/v1/submissions', { schema: routeSchema(formsApi.submit) }, async (request, reply) => {
    const locale = requestLocale(request);
    const { form, fields } = request.body;
    const known = new Set(CONTACT_FORM_FIELDS[form].map((field) => field.name));
    const unknown = Object.keys(fields).filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw badRequest(`Unknown fields for the ${form} form: ${unknown.join(', ').slice(0, 200)}`);
    const errors = validateForm(fields, contactFormRules(form));
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const topic = fields.topic;
    if (topic !== undefined && topic !== '') {
      const options = CONTACT_FORM_FIELDS[form].find((field) => field.name === 'topic')?.options ?? [];
      if (!options.includes(topic)) throw validationFailed({ topic: { id: 'validation.required' } });
    }
    const customerId = await deps.customerIdOf(request);
    const clean = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.trim()]));
    const id = await deps.transaction(async (tx) => {
      const submissionId = await tx.forms.submissions.insert({
        form,
        locale,
        fields: clean,
        customerId,
      });
      await tx.outbox.messages.enqueueEmail({
        recipient: FORM_RECIPIENTS[form],
        subject: `[${form} #${submissionId}] ${clean.firstname ?? ''} ${clean.lastname ?? ''}`.trim(),
        body: [`Locale: ${locale}`, ...Object.entries(clean).map(([name, value]) => `${name}: ${value}`)].join('\n'),
      });
      return submissionId;
    });
    return reply.status(201).send({ id });
  });
}
