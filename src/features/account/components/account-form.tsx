/**
 * The frame every account form shares: a POST form (never a GET: without JavaScript a
 * password must not land in an address; docs/accounts.md) with a note for browsers without
 * JavaScript, its title, an optional intro, the failure of the last submit, then its
 * fields. Submission goes through useAccountForm (./use-account-form.ts).
 */
import type { FormEvent, ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { FormMessage } from '@/ui/form/form-field';
import type { SubmitOutcome } from './use-account-form';

interface AccountFormProps {
  titleId: string;
  title: string;
  /** Between the title and the failure message: a lead text, notices. */
  intro?: ReactNode;
  outcome: SubmitOutcome;
  /** More to say under a failure, given its message id (e.g. a link to ask again). */
  failureExtra?: (messageId: string) => ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

export function AccountForm({ titleId, title, intro, outcome, failureExtra, onSubmit, children }: AccountFormProps) {
  const { i18n } = useLingui();
  return (
    <form className="form account-form" method="post" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <noscript>
        <p className="form-message">{i18n._('account.needs-javascript')}</p>
      </noscript>
      <h2 id={titleId}>{title}</h2>
      {intro}
      {outcome.kind === 'failed' ? (
        <FormMessage kind="error">
          <p>{i18n._(outcome.message.id, outcome.message.values)}</p>
          {failureExtra?.(outcome.message.id)}
        </FormMessage>
      ) : null}
      {children}
    </form>
  );
}
