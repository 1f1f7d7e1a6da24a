/**
 * The account pages' paths per locale (CMS page slugs in content/pages/account-*.json).
 * Browser links and the links in account e-mails both come from here.
 */
import { getHref, type Locale } from './locales';

export const ACCOUNT_PAGES = [
  'hub',
  'login',
  'register',
  'confirmEmail',
  'forgotPassword',
  'resetPassword',
  'myPages',
  'cards',
  'orders',
] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

export const ACCOUNT_PATHS: Record<AccountPage, Record<Locale, string>> = {
  hub: { 'fi-FI': '/oma-tili', 'en-EU': '/account', 'sv-SE': '/mitt-konto', 'no-NO': '/min-konto' },
  login: {
    'fi-FI': '/oma-tili/kirjaudu',
    'en-EU': '/account/login',
    'sv-SE': '/mitt-konto/logga-in',
    'no-NO': '/min-konto/logg-inn',
  },
  register: {
    'fi-FI': '/oma-tili/rekisteroidy',
    'en-EU': '/account/register',
    'sv-SE': '/mitt-konto/registrera',
    'no-NO': '/min-konto/registrer',
  },
  confirmEmail: {
    'fi-FI': '/oma-tili/vahvista-sahkoposti',
    'en-EU': '/account/confirm-email',
    'sv-SE': '/mitt-konto/bekrafta-e-post',
    'no-NO': '/min-konto/bekreft-e-post',
  },
  forgotPassword: {
    'fi-FI': '/oma-tili/unohtunut-salasana',
    'en-EU': '/account/forgot-password',
    'sv-SE': '/mitt-konto/glomt-losenord',
    'no-NO': '/min-konto/glemt-passord',
  },
  resetPassword: {
    'fi-FI': '/oma-tili/uusi-salasana',
    'en-EU': '/account/reset-password',
    'sv-SE': '/mitt-konto/nytt-losenord',
    'no-NO': '/min-konto/nytt-passord',
  },
  myPages: {
    'fi-FI': '/oma-tili/omat-tiedot',
    'en-EU': '/account/my-details',
    'sv-SE': '/mitt-konto/mina-uppgifter',
    'no-NO': '/min-konto/mine-opplysninger',
  },
  cards: {
    'fi-FI': '/oma-tili/kortit',
    'en-EU': '/account/cards',
    'sv-SE': '/mitt-konto/kort',
    'no-NO': '/min-konto/kort',
  },
  orders: {
    'fi-FI': '/oma-tili/tilaukset',
    'en-EU': '/account/orders',
    'sv-SE': '/mitt-konto/bestallningar',
    'no-NO': '/min-konto/bestillinger',
  },
};

/** The href of an account page in a locale (with the locale prefix of a shared host). */
export function accountHref(page: AccountPage, locale: Locale, options: { domainMode?: boolean } = {}): string {
  return getHref(locale, ACCOUNT_PATHS[page][locale], options);
}

/**
 * A same-site path to return to after login, or null. Only a local path is accepted
 * ('/x', never '//host' or 'https://…'), so that the login page is no open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f]/.test(value)) return null;
  return value;
}
