/**
 * POST /api/v1/form/submit (spec §7) with the locale header, on the shared client. On
 * failure (spec §8) the caller shows 'Could not submit form, try again later'; this module
 * sends the analytics event 'Error Message' (status 500, code 'error', type 'exception')
 * and re-throws the ApiError. Field errors of the server (a 400 VALIDATION_FAILED, read
 * with `fieldErrorsOf`) are the form's to show, and send no event.
 */
import { requestJson } from '#shared/api/client';
import type { BodyOf } from '#shared/api/endpoint';
import { fieldErrorsOf } from '#shared/api/errors';
import { SITE_API_PATHS } from '#shared/api/paths';
import type { siteApi } from '#shared/api/site';
import type { ContactFormId } from '#shared/rules/forms';
import type { Locale } from '#shared/locales';
import { pushAnalytics } from '@/ui/analytics-gate';

/** The spec §8 analytics event, sent only with analytics consent (src/ui/analytics-gate.ts). */
export function reportFormError(): void {
  pushAnalytics({ event: 'Error Message', status: 500, code: 'error', type: 'exception' });
}

export async function submitForm(locale: Locale, form: ContactFormId, fields: Record<string, string>): Promise<void> {
  try {
    await requestJson({
      method: 'POST',
      url: `/${SITE_API_PATHS.formSubmit}`,
      name: 'Form submit',
      headers: { 'x-st1-locale': locale },
      body: { form, fields } satisfies BodyOf<typeof siteApi.formSubmit>,
    });
  } catch (error) {
    if (!fieldErrorsOf(error)) reportFormError();
    throw error;
  }
}
