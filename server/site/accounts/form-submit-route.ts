/** /api/v1/form/submit: a content form's fields, passed on to the origin's forms API. */
import { HONEYPOT_FIELD } from '#shared/rules/forms';
import { routeSchema } from '#shared/api/endpoint';
import { formsApi } from '#shared/api/forms';
import { siteApi } from '#shared/api/site';
import { assertSameSiteRequest } from './csrf';
import { sessionToken } from './session-cookie';
import { at, guarded, noStore, type AccountRouteContext } from './account-route-context';

// The browser's form body is the origin's; the honeypot field is taken out before it goes on.
export function formSubmitRoute({ app, origin, limits }: AccountRouteContext) {
  app.post(
    at(siteApi.formSubmit),
    { ...guarded(limits.form), schema: routeSchema(siteApi.formSubmit) },
    async (request, reply) => {
      const locale = assertSameSiteRequest(request);
      const { body } = request;
      noStore(reply);
      const { [HONEYPOT_FIELD]: honeypot, ...fields } = body.fields;
      // A filled honeypot is a bot: it is told "sent" so that it learns nothing, and nothing is stored.
      if (honeypot) {
        request.log.info('form submission dropped: honeypot filled');
        return reply.status(201).send({ status: 'SENT' });
      }
      await origin.call(formsApi.submit, {
        locale,
        token: sessionToken(request),
        body: { form: body.form, fields },
      });
      return reply.status(201).send({ status: 'SENT' });
    },
  );
}
