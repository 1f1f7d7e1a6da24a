/**
 * Form state with the shared rules (src/shared/rules): values, the message of each field once the
 * form has been sent, and server-side field errors. What the user typed is never
 * cleared by an error (DESIGN §4).
 *
 * `useFormFields` keeps the values in React state; `useFormMessages` is the same without
 * the values, for a form whose values live in a store (the checkout's, which the payment
 * step reads). Both give `field(name)`, which binds a control (FormField, SelectField) to a
 * field: its name, value, change handler and translated message; the control ties the
 * message to itself (aria-invalid, aria-describedby).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { validateForm, type FieldRule, type FieldValue } from '#shared/rules/validation';

export interface FieldMessage {
  id: string;
  values?: Record<string, number>;
}

type Rules = Readonly<Record<string, readonly FieldRule[]>>;

/** The fields of `Values` whose value is a `T`. */
type FieldsOf<Values, T> = { [K in keyof Values]: Values[K] extends T ? K : never }[keyof Values] & string;

export interface FormMessageOptions<Values> {
  /** The checks the rules cannot express (a phone read with its country code): messages per field. */
  check?: (values: Values) => Record<string, FieldMessage>;
}

/**
 * Focus moves to the first field with an error once the render that marks it is on
 * screen, so that keyboard and screen-reader users land on it (WCAG 3.3.1).
 */
function useFocusFirstInvalid(): (form: HTMLFormElement | null) => void {
  const focusTarget = useRef<HTMLFormElement | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest === 0) return;
    focusTarget.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  return useCallback((form: HTMLFormElement | null) => {
    focusTarget.current = form;
    setFocusRequest((count) => count + 1);
  }, []);
}

/** What `field(name)` gives a text control or select: spread it on FormField or SelectField. */
export interface FieldBinding {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** `field(name)` and `checkbox(name)`: what a control needs of one field of the form. */
function fieldBinders<Values extends Record<string, FieldValue>>(
  values: Values,
  setValue: <K extends keyof Values>(name: K, value: Values[K]) => void,
  errorText: (name: string) => string | undefined,
) {
  return {
    /** Binds a text control or select (FormField, SelectField) to the field `name`. */
    field: <K extends FieldsOf<Values, string>>(name: K) => ({
      name,
      value: values[name] as string,
      onChange: (value: string) => setValue(name, value as Values[K]),
      error: errorText(name),
    }),
    /** Binds a checkbox (CheckboxField) to the yes/no field `name`. */
    checkbox: <K extends FieldsOf<Values, boolean>>(name: K) => ({
      name,
      checked: values[name] as boolean,
      onChange: (checked: boolean) => setValue(name, checked as Values[K]),
      error: errorText(name),
    }),
  };
}

/**
 * The messages of a form whose values are kept elsewhere. `onChange` stores a field's new
 * value; a server message for that field goes away as the user changes it.
 */
export function useFormMessages<Values extends Record<string, FieldValue>>(
  values: Values,
  onChange: <K extends keyof Values>(name: K, value: Values[K]) => void,
  rules: Rules,
  options: FormMessageOptions<Values> = {},
) {
  const { i18n } = useLingui();
  const { check } = options;
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, FieldMessage>>({});

  // A rule's message comes before a check's for the same field.
  const clientErrors = useMemo(() => ({ ...check?.(values), ...validateForm(values, rules) }), [values, rules, check]);

  const focusFirstInvalid = useFocusFirstInvalid();

  const setValue = useCallback(
    <K extends keyof Values>(name: K, value: Values[K]) => {
      onChange(name, value);
      setServerErrors((current) => {
        if (!(name in current)) return current;
        const next = { ...current };
        delete next[name as string];
        return next;
      });
    },
    [onChange],
  );

  /**
   * The message shown for a field: a server error, or a rule error once the form has been
   * sent (then kept up to date as the user types). Not on leaving a field: a message
   * appearing then moves the Send button under the pointer between press and release,
   * and the click is lost.
   */
  const errorOf = (name: string): FieldMessage | undefined =>
    serverErrors[name] ?? (submitted ? clientErrors[name] : undefined);

  const errorText = (name: string): string | undefined => {
    const message = errorOf(name);
    return message ? i18n._(message.id, message.values) : undefined;
  };

  const { field, checkbox } = fieldBinders(values, setValue, errorText);

  /** Marks the form submitted; true when every rule passes. */
  const checkAll = (): boolean => {
    setSubmitted(true);
    return Object.keys(clientErrors).length === 0;
  };

  /** No messages, as before the first submit (the values stay as they are). */
  const clearMessages = useCallback(() => {
    setSubmitted(false);
    setServerErrors({});
  }, []);

  return {
    setValue,
    errorOf,
    field,
    checkbox,
    checkAll,
    clearMessages,
    setServerErrors,
    clientErrors,
    focusFirstInvalid,
  };
}

export function useFormFields<Values extends Record<string, FieldValue>>(
  initial: Values,
  rules: Rules,
  options: FormMessageOptions<Values> = {},
) {
  const [values, setValues] = useState<Values>(initial);
  const store = useCallback(<K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);
  const messages = useFormMessages(values, store, rules, options);
  const { clearMessages } = messages;

  /**
   * Starts the form afresh after it has done its job (a password changed): the values
   * given, no messages. Emptied fields would otherwise show 'required' at once, since the
   * form counts as sent.
   */
  const reset = useCallback(
    (next: Values) => {
      setValues(next);
      clearMessages();
    },
    [clearMessages],
  );

  return { ...messages, values, setValues, reset };
}
