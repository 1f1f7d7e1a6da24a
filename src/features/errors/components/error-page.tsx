import { useEffect, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/ui/link';
import { InlineForm } from '@/ui/form/inline-form';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { LOCALIZED_PATHS } from '#shared/locales';
import type { PayloadError } from '#shared/payload';
import { pushAnalytics } from '@/ui/analytics-gate';
import { HTTP_MESSAGES_IDS } from '@/i18n/message-ids';

const DETAIL_MESSAGE: Record<PayloadError['reason'], string> = {
  unknownRoute: /*i18n*/ 'messages.page-not-found-path',
  validation: /*i18n*/ 'messages.page-validation-failed',
  badRequest: /*i18n*/ 'messages.bad-request-detail',
  server: /*i18n*/ 'messages.something-went-wrong',
};

/**
 * Error-page analytics (spec §8): a 404 is a visitor struggling to find something, any
 * other status an exception. Sent in the browser only and only with analytics consent:
 * the gate holds it while the stored choice is unread (this runs during hydration) and
 * drops it without consent (src/ui/analytics-gate.ts).
 */
function useErrorAnalytics(status: number, path: string) {
  useEffect(() => {
    pushAnalytics({ event: 'error', type: status === 404 ? 'struggle' : 'exception', status, path });
  }, [status, path]);
}

/**
 * The error page of spec §2/§8: status code, title (default: "Error {code}", see
 * docs/behaviour.md), message, expandable details, back and home buttons and the optional
 * report-problem link to the locale's customer-service page. Logo and footer come from
 * the shell.
 */
export function ErrorPage({
  error,
  title,
  reportProblem = true,
}: {
  error: PayloadError;
  title?: string;
  /** Show the report-problem link (spec §2: optional; on by default). */
  reportProblem?: boolean;
}) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const navigate = useNavigate();
  const message = i18n._(HTTP_MESSAGES_IDS[error.statusName] ?? `httpMessages.${error.statusName}`);
  useErrorAnalytics(error.status, error.path);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__status" aria-hidden="true">
        {error.status}
      </p>
      <h1 id="error-title">{title ?? i18n._('error.title', { status: error.status })}</h1>
      <p className="error-page__message">{message}</p>
      <details className="error-page__details">
        <summary>{i18n._('error.details')}</summary>
        <p>{i18n._(DETAIL_MESSAGE[error.reason], { path: error.path })}</p>
      </details>
      {error.status === 404 ? <NotFoundSearch /> : null}
      <div className="error-page__actions">
        <button
          type="button"
          className="button"
          onClick={() => (window.history.length > 1 ? window.history.back() : void navigate('/'))}
        >
          {i18n._('error.back')}
        </button>
        <Link to="/" className="button button--primary">
          {i18n._('error.home')}
        </Link>
      </div>
      {reportProblem ? (
        <p className="error-page__report">
          <Link to={LOCALIZED_PATHS.contact[locale]}>{i18n._('error.reportProblem')}</Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * A page that is not there: the visitor looks for something else, so the 404 offers the
 * site search. A GET form to the locale's search page (`?q=`), so it works before and
 * without JavaScript; in the browser it navigates in the app.
 */
function NotFoundSearch() {
  const { i18n } = useLingui();
  const { locale, basename } = useSite();
  const navigate = useNavigate();
  const searchPath = LOCALIZED_PATHS.search[locale];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(query ? `${searchPath}?${new URLSearchParams({ q: query }).toString()}` : searchPath);
  };
  return (
    <InlineForm
      role="search"
      method="get"
      action={`${basename}${searchPath}`}
      className="error-page__search"
      onSubmit={onSubmit}
      label={i18n._('search.placeholder')}
      submit={i18n._('search.submit')}
      primary
      input={{ type: 'search', name: 'q', maxLength: 200, autoComplete: 'off' }}
    />
  );
}
