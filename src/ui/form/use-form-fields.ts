/**
 * Form state with the shared rules (src/shared/rules): values, the message of each field once the
 * form has been sent, and server-side field errors. What the user typed is never
 * cleared by an error (DESIGN §4).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { validateForm, type FieldRule, type FieldValue } from '@/shared/rules/validation';

export interface FieldMessage {
  id: string;
  values?: Record<string, number>;
}

export function useFormFields<Values extends Record<string, FieldValue>>(
  initial: Values,
  rules: Readonly<Record<string, readonly FieldRule[]>>,
) {
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, FieldMessage>>({});

  const clientErrors = useMemo(() => validateForm(values, rules), [values, rules]);

  // Focus moves to the first field with an error once the render that marks it is on
  // screen, so that keyboard and screen-reader users land on it (WCAG 3.3.1).
  const focusTarget = useRef<HTMLFormElement | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest === 0) return;
    focusTarget.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const focusFirstInvalid = useCallback((form: HTMLFormElement | null) => {
    focusTarget.current = form;
    setFocusRequest((count) => count + 1);
  }, []);

  const setValue = useCallback(<K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name as string];
      return next;
    });
  }, []);

  /**
   * The message shown for a field: a server error, or a rule error once the form has been
   * sent (then kept up to date as the user types). Not on leaving a field: a message
   * appearing then moves the Send button under the pointer between press and release,
   * and the click is lost.
   */
  const errorOf = (name: string): FieldMessage | undefined =>
    serverErrors[name] ?? (submitted ? clientErrors[name] : undefined);

  /** Marks the form submitted; true when every rule passes. */
  const checkAll = (): boolean => {
    setSubmitted(true);
    return Object.keys(clientErrors).length === 0;
  };

  /**
   * Starts the form afresh after it has done its job (a password changed): the values
   * given, no messages. Emptied fields would otherwise show 'required' at once, since the
   * form counts as sent.
   */
  const reset = useCallback((next: Values) => {
    setValues(next);
    setSubmitted(false);
    setServerErrors({});
  }, []);

  return { values, setValue, setValues, reset, errorOf, checkAll, setServerErrors, clientErrors, focusFirstInvalid };
}
