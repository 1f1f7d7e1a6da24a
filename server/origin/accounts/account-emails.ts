/**
 * The account e-mails, with texts from locales/{locale}/server.po (docs/i18n.md). Links are
 * built on the site's configured address (docs/accounts.md); the confirmation mail also
 * carries a six-digit code a person can type on the confirm page.
 */
import { accountHref, type AccountPage } from '#shared/account-paths';
import { isLocale, type Locale } from '#shared/locales';
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
  },
  'unlock-login': {
    subject: /*i18n*/ 'server.account-email.unlock-login.subject',
    lead: /*i18n*/ 'server.account-email.unlock-login.lead',
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
 * An account e-mail. `linkBase` is the site's origin ('https://www.st1.fi'), computed by
 * the site server from its configuration and checked by the origin against SITE_URLS.
 */
export function accountEmail(
  kind: Kind,
  options: { locale: string; token?: string; code?: string; linkBase?: string | undefined; domainMode?: boolean },
): { subject: string; body: string; locale: Locale } {
  const locale: Locale = isLocale(options.locale) ? options.locale : 'fi-FI';
  const text = ACCOUNT_EMAIL_TEXTS[kind];
  const path = accountHref(PAGE_OF[kind], locale, { domainMode: options.domainMode ?? false });
  const link = `${options.linkBase ?? ''}${path}${options.token ? `?token=${encodeURIComponent(options.token)}` : ''}`;
  const lines = [serverText(locale, text.lead), '', link];
  if (options.code && text.code) lines.push('', serverText(locale, text.code, { code: options.code }));
  return { subject: serverText(locale, text.subject), body: lines.join('\n'), locale };
}
