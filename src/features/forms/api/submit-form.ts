/**
 * POST /api/v1/form/submit (spec §7) with the locale header. On failure (spec §8) the
 * caller shows 'Could not submit form, try again later'; this module sends the
 * analytics event 'Error Message' (status 500, code 'error', type 'exception') and
 * re-throws the error. Field errors of the server (400) come back as FormFieldErrors.
 */
import type { ContactFormId } from '@/shared/rules/forms';
import type { Locale } from '@/shared/locales';
import { pushAnalytics } from '@/ui/analytics-gate';

export class FormFieldErrors extends Error {
  constructor(readonly fields: Record<string, { id: string; values?: Record<string, number> }>) {
    super('Some fields are not valid');
  }
}

class FormSubmitError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The spec §8 analytics event, sent only with analytics consent (src/ui/analytics-gate.ts). */
export function reportFormError(): void {
  pushAnalytics({ event: 'Error Message', status: 500, code: 'error', type: 'exception' });
}

export async function submitForm(locale: Locale, form: ContactFormId, fields: Record<string, string>): Promise<void> {
  try {
    const response = await fetch('/api/v1/form/submit', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-st1-locale': locale },
      body: JSON.stringify({ form, fields }),
    });
    if (response.ok) return;
    const body = (await response.json().catch(() => null)) as {
      code?: string;
      fields?: FormFieldErrors['fields'];
    } | null;
    if (response.status === 400 && body?.code === 'VALIDATION_FAILED' && body.fields)
      throw new FormFieldErrors(body.fields);
    throw new FormSubmitError(response.status, `Form submit answered ${response.status}`);
  } catch (error) {
    if (error instanceof FormFieldErrors) throw error;
    reportFormError();
    throw error;
  }
}
