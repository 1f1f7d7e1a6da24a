/**
 * The one submit pattern of the account forms: the fields and their rules come
 * from `useFormFields`, the request's state from React 19's `useActionState`.
 *
 * The action is dispatched from `onSubmit` (inside a transition), not given as
 * `<form action={…}>`: for a function action React renders `action="javascript:throw …"`
 * on the server, so before hydration and without JavaScript the form would do nothing at
 * all. Without an `action` attribute the browser submits it to the page itself as it
 * always has (docs/accounts.md "Forms and validation").
 *
 * One order for every form: rules (the first field with an error gets the focus), the
 * checks the rules cannot express (the phone rule), the network, then the request. A
 * refusal with field messages puts them beside the fields; any other failure is one
 * message above the form. What was typed is never cleared by a failure.
 */
import { startTransition, useActionState, type FormEvent } from 'react';
import type { FieldRule, FieldValue } from '#shared/rules/validation';
import { useFormFields, type FieldMessage } from '@/ui/form/use-form-fields';
import { ApiError } from '../api/account-api';
import { requestErrorId } from './account-helpers';

/** Where a form's request stands: `busy` while it runs, then `done` or `failed` with its message. */
export type SubmitOutcome =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: FieldMessage };

type Settled = Exclude<SubmitOutcome, { kind: 'busy' }>;

type Request<Values> = { values: Values; online: boolean; formElement: HTMLFormElement | null } | 'clear';

export interface AccountFormOptions<Values extends Record<string, FieldValue>> {
  initial: Values;
  rules: Readonly<Record<string, readonly FieldRule[]>>;
  /** The request; resolves once the form has done its job (navigation after login included). */
  send: (values: Values) => Promise<void>;
  /** The checks the rules cannot express (the phone rule): messages per field, or null. */
  check?: (values: Values) => Record<string, FieldMessage> | null;
  /** The message for a failed request without field messages; `requestErrorId` by default. */
  failure?: (error: unknown) => FieldMessage;
  /** Runs after a successful request, e.g. to empty a changed password's fields. */
  onDone?: (form: AccountForm<Values>['form']) => void;
  /** The online status, for forms that say "You are offline" instead of trying; left out, no check. */
  online?: boolean;
}

export interface AccountForm<Values extends Record<string, FieldValue>> {
  form: ReturnType<typeof useFormFields<Values>>;
  /** The request's state; a new submit hides the previous message (busy). */
  outcome: SubmitOutcome;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Sends these values without a submit event (the confirm link's token on opening). */
  run: (values: Values) => void;
}

const IDLE: Settled = { kind: 'idle' };
const DONE: Settled = { kind: 'done' };

const defaultFailure = (error: unknown): FieldMessage => ({ id: requestErrorId(error) });

export function useAccountForm<Values extends Record<string, FieldValue>>(
  options: AccountFormOptions<Values>,
): AccountForm<Values> {
  const form = useFormFields(options.initial, options.rules);
  const { send, check, failure = defaultFailure, onDone, online } = options;

  const [state, dispatch, pending] = useActionState<Settled, Request<Values>>(async (_previous, request) => {
    if (request === 'clear') return IDLE;
    if (!request.online) return { kind: 'failed', message: { id: /*i18n*/ 'account.errors.offline' } };
    try {
      await send(request.values);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        form.setServerErrors(error.fields);
        form.focusFirstInvalid(request.formElement);
        return IDLE;
      }
      return { kind: 'failed', message: failure(error) };
    }
    onDone?.(form);
    return DONE;
  }, IDLE);

  const start = (request: Request<Values>) => startTransition(() => dispatch(request));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formElement = event.currentTarget;
    event.preventDefault();
    if (pending) return;
    const rulesPass = form.checkAll();
    const extraErrors = rulesPass ? (check?.(form.values) ?? null) : null;
    if (!rulesPass || extraErrors) {
      if (extraErrors) form.setServerErrors(extraErrors);
      form.focusFirstInvalid(formElement);
      // The message of the previous attempt no longer applies to this one.
      if (state.kind !== 'idle') start('clear');
      return;
    }
    start({ values: form.values, online: online ?? true, formElement });
  };

  const run = (values: Values) => start({ values, online: online ?? true, formElement: null });

  return { form, outcome: pending ? { kind: 'busy' } : state, pending, onSubmit, run };
}
