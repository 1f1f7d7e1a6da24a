/**
 * The account e-mails, with texts from locales/{locale}/server.po (docs/i18n.md). Each carries the one-time code on
 * its own line as well as the link, so that it works even when the link's host is not
 * known (docs/accounts.md: links are built only from trusted hosts).
 */
import { accountHref, type AccountPage } from '../../../src/shared/account-paths';
import { isLocale, type Locale } from '../../../src/shared/locales';
import { serverText } from '../server-texts';

type Kind = 'confirm-email' | 'reset-password' | 'already-registered' | 'unlock-login';

/**
 * The ids of each e-mail's texts in locales/{locale}/server.po. Each id is a literal marked
 * for `lingui extract` (server-texts.ts); `code` is the line with the one-time code.
 */
export const ACCOUNT_EMAIL_TEXTS: Record<Kind, { subject: string; lead: string; code?: string }> = {
  'confirm-email': {
    subject: /*i18n*/ 'server.account-email.confirm-email.subject',
    lead: /*i18n*/ 'server.account-email.confirm-email.lead',
    code: /*i18n*/ 'server.account-email.confirm-email.code',
  },
  'reset-password': {
    subject: /*i18n*/ 'server.account-email.reset-password.subject',
    lead: /*i18n*/ 'server.account-email.reset-password.lead',
    code: /*i18n*/ 'server.account-email.reset-password.code',
  },
  'unlock-login': {
    subject: /*i18n*/ 'server.account-email.unlock-login.subject',
    lead: /*i18n*/ 'server.account-email.unlock-login.lead',
    code: /*i18n*/ 'server.account-email.unlock-login.code',
  },
  'already-registered': {
    subject: /*i18n*/ 'server.account-email.already-registered.subject',
    lead: /*i18n*/ 'server.account-email.already-registered.lead',
  },
};

const PAGE_OF: Record<Kind, AccountPage> = {
  'confirm-email': 'confirmEmail',
  'reset-password': 'resetPassword',
  'already-registered': 'forgotPassword',
  'unlock-login': 'login',
};

/**
 * An account e-mail. `linkBase` is the site's origin ('https://www.st1.fi'), given by
 * the site server only for hosts it trusts; without it the link is a path.
 */
export function accountEmail(
  kind: Kind,
  options: { locale: string; token?: string; linkBase?: string | undefined; domainMode?: boolean },
): { subject: string; body: string; locale: Locale } {
  const locale: Locale = isLocale(options.locale) ? options.locale : 'fi-FI';
  const text = ACCOUNT_EMAIL_TEXTS[kind];
  const path = accountHref(PAGE_OF[kind], locale, { domainMode: options.domainMode ?? false });
  const link = `${options.linkBase ?? ''}${path}${options.token ? `?token=${encodeURIComponent(options.token)}` : ''}`;
  const lines = [serverText(locale, text.lead), '', link];
  if (options.token && text.code) lines.push('', serverText(locale, text.code, { code: options.token }));
  return { subject: serverText(locale, text.subject), body: lines.join('\n'), locale };
}
