/**
 * The contactForm CMS block: the customer service form or the business sales form,
 * checked with the shared rules (src/shared/rules) as the user types and again by the server.
 * A hidden honeypot field catches naive bots. On failure the form says 'Could not
 * submit form, try again later' and keeps everything that was typed.
 */
import { useId, useState, type FormEvent } from 'react';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { ContactFormBlock as ContactFormBlockData } from '#shared/content-schema';
import {
  CONTACT_FORM_FIELDS,
  HONEYPOT_FIELD,
  contactFormRules,
  type FormField as FieldDefinition,
} from '#shared/rules/forms';
import { FormField, FormMessage, SelectField } from '@/ui/form/form-field';
import { useFormFields } from '@/ui/form/use-form-fields';
import { useOnlineStatus } from '@/ui/use-online-status';
import { fieldErrorsOf } from '#shared/api/errors';
import { submitForm } from '../api/submit-form';
import { FORMS_FIELD_IDS, FORMS_OPTION_IDS } from '../message-ids';

type Status = 'idle' | 'sending' | 'sent' | 'failed';
type ContactFields = ReturnType<typeof useFormFields<Record<string, string>>>;

export function ContactFormBlock({ block }: { block: ContactFormBlockData }) {
  const { i18n } = useLingui();
  const online = useOnlineStatus();
  const titleId = useId();
  const definitions = CONTACT_FORM_FIELDS[block.form];
  const [rules] = useState(() => contactFormRules(block.form));
  const empty = Object.fromEntries(definitions.map((field) => [field.name, ''])) as Record<string, string>;
  const form = useFormFields(empty, rules);
  const [honeypot, setHoneypot] = useState('');
  const { status, setStatus, onSubmit } = useContactSubmit(block.form, form, honeypot);

  const title =
    block.title ?? i18n._(block.form === 'contact' ? /*i18n*/ 'forms.contact.title' : /*i18n*/ 'forms.business.title');

  if (status === 'sent') {
    return (
      <SentMessage
        title={title}
        titleId={titleId}
        onSendAnother={() => {
          form.reset(empty);
          setStatus('idle');
        }}
      />
    );
  }

  return (
    <section className="contact-form" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {block.text ? <p>{block.text}</p> : null}
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <p>{i18n._('forms.required-note')}</p>
        {!online ? <FormMessage kind="info">{i18n._('forms.offline')}</FormMessage> : null}
        {status === 'failed' ? (
          <FormMessage kind="error">
            <p>{i18n._('forms.submit-failed')}</p>
          </FormMessage>
        ) : null}
        {definitions.map((field) => (
          <ContactField key={field.name} field={field} form={form} />
        ))}
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={status === 'sending'}>
            {status === 'sending' ? i18n._('forms.sending') : i18n._('forms.send')}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * The submit and its three outcomes: sent; field errors from the server, shown on their
 * fields; or failed, which keeps everything that was typed.
 */
function useContactSubmit(formName: ContactFormBlockData['form'], form: ContactFields, honeypot: string) {
  const { locale } = useSite();
  const [status, setStatus] = useState<Status>('idle');

  async function onSubmit(event: FormEvent) {
    const formElement = event.currentTarget as HTMLFormElement;
    event.preventDefault();
    if (!form.checkAll()) {
      setStatus('idle');
      return form.focusFirstInvalid(formElement);
    }
    setStatus('sending');
    try {
      const fields = Object.fromEntries(
        Object.entries(form.values).filter(([, value]) => value.trim() !== ''),
      ) as Record<string, string>;
      await submitForm(locale, formName, honeypot ? { ...fields, [HONEYPOT_FIELD]: honeypot } : fields);
      setStatus('sent');
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) {
        form.setServerErrors(fieldErrors);
        setStatus('idle');
        form.focusFirstInvalid(formElement);
        return;
      }
      // Spec §8: the message is shown and the error re-thrown (to the console, not the page).
      setStatus('failed');
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  return { status, setStatus, onSubmit };
}

/** What replaces the form once it is sent, with a button to fill in another. */
function SentMessage({ title, titleId, onSendAnother }: { title: string; titleId: string; onSendAnother: () => void }) {
  const { i18n } = useLingui();
  return (
    <section className="contact-form" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <FormMessage kind="success">
        <p>{i18n._('forms.submitted')}</p>
      </FormMessage>
      <button type="button" className="button" onClick={onSendAnother}>
        {i18n._('forms.send-another')}
      </button>
    </section>
  );
}

/** One field of the form as its definition describes it, with its label and message translated. */
function ContactField({ field, form }: { field: FieldDefinition; form: ContactFields }) {
  const { i18n } = useLingui();
  const required = field.rules.some((rule) => rule.rule === 'required');
  const message = form.errorOf(field.name);
  const common = {
    name: field.name,
    label: i18n._(FORMS_FIELD_IDS[field.name] ?? `forms.field.${field.name}`),
    required,
    value: form.values[field.name] ?? '',
    onChange: (value: string) => form.setValue(field.name, value),
    error: message ? i18n._(message.id, message.values) : undefined,
  };
  if (field.kind === 'select') {
    return (
      <SelectField
        {...common}
        placeholder={i18n._('forms.topic.choose')}
        options={(field.options ?? []).map((option) => ({
          value: option,
          label: i18n._(FORMS_OPTION_IDS[`${field.name}.${option}`] ?? option),
        }))}
      />
    );
  }
  return <FormField {...common} kind={field.kind} autoComplete={field.autocomplete} />;
}

/** A field people do not see and bots fill in: a filled one marks the submission as a bot's. */
function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { i18n } = useLingui();
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        {i18n._('forms.field.website')}
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
