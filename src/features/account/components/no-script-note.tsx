import { useT } from '@/i18n/use-t';

/**
 * Account forms submit through JavaScript. Without it the browser would post the form to
 * its own page, which answers nothing useful; the form is `method="post"` so that a
 * password never lands in an address bar, history or access log, and this note says why
 * nothing happens (docs/accounts.md).
 */
export function NoScriptNote() {
  const t = useT();
  return (
    <noscript>
      <p className="form-message">{t('account.needs-javascript')}</p>
    </noscript>
  );
}
