/**
 * The texts of account e-mails in the four locales. Each carries the one-time code on
 * its own line as well as the link, so that it works even when the link's host is not
 * known (docs/accounts.md: links are built only from trusted hosts).
 */
import { accountHref, type AccountPage } from '../../../src/shared/account-paths';
import { isLocale, type Locale } from '../../../src/shared/locales';

type Kind = 'confirm-email' | 'reset-password' | 'already-registered' | 'unlock-login';

const TEXTS: Record<Kind, Record<Locale, { subject: string; lead: string; codeLabel: string }>> = {
  'confirm-email': {
    'fi-FI': {
      subject: 'Vahvista sähköpostiosoitteesi',
      lead: 'Vahvista St1-tilisi sähköpostiosoite avaamalla linkki tai syöttämällä koodi 3 päivän kuluessa.',
      codeLabel: 'Vahvistuskoodi',
    },
    'en-EU': {
      subject: 'Confirm your email address',
      lead: 'Confirm the email address of your St1 account by opening the link or entering the code within 3 days.',
      codeLabel: 'Confirmation code',
    },
    'sv-SE': {
      subject: 'Bekräfta din e-postadress',
      lead: 'Bekräfta e-postadressen för ditt St1-konto genom att öppna länken eller ange koden inom 3 dagar.',
      codeLabel: 'Bekräftelsekod',
    },
    'no-NO': {
      subject: 'Bekreft e-postadressen din',
      lead: 'Bekreft e-postadressen til St1-kontoen din ved å åpne lenken eller skrive inn koden innen 3 dager.',
      codeLabel: 'Bekreftelseskode',
    },
  },
  'reset-password': {
    'fi-FI': {
      subject: 'Salasanan vaihto',
      lead: 'Vaihda St1-tilisi salasana avaamalla linkki tunnin kuluessa. Jos et pyytänyt vaihtoa, voit jättää viestin huomiotta.',
      codeLabel: 'Koodi',
    },
    'en-EU': {
      subject: 'Reset your password',
      lead: 'Reset the password of your St1 account by opening the link within an hour. If you did not ask for this, you can ignore this message.',
      codeLabel: 'Code',
    },
    'sv-SE': {
      subject: 'Återställ ditt lösenord',
      lead: 'Återställ lösenordet för ditt St1-konto genom att öppna länken inom en timme. Om du inte bad om detta kan du bortse från meddelandet.',
      codeLabel: 'Kod',
    },
    'no-NO': {
      subject: 'Tilbakestill passordet ditt',
      lead: 'Tilbakestill passordet til St1-kontoen din ved å åpne lenken innen en time. Hvis du ikke ba om dette, kan du se bort fra meldingen.',
      codeLabel: 'Kode',
    },
  },
  'unlock-login': {
    'fi-FI': {
      subject: 'St1-tilisi kirjautuminen on tauolla',
      lead: 'St1-tilillesi yritettiin kirjautua liian monta kertaa väärällä salasanalla, joten kirjautuminen on tauolla 15 minuuttia. Jos se olit sinä, kirjaudu heti tämän linkin kautta tunnin kuluessa. Jos et yrittänyt kirjautua, joku arvaa salasanaasi: vaihda se vahvaan salasanaan.',
      codeLabel: 'Koodi',
    },
    'en-EU': {
      subject: 'Logins to your St1 account are paused',
      lead: 'Someone tried to log in to your St1 account with a wrong password too many times, so logins are paused for 15 minutes. If it was you, log in right away through this link within an hour. If it was not you, someone is guessing your password: change it to a strong one.',
      codeLabel: 'Code',
    },
    'sv-SE': {
      subject: 'Inloggningen till ditt St1-konto är pausad',
      lead: 'Någon försökte logga in på ditt St1-konto med fel lösenord för många gånger, så inloggningen är pausad i 15 minuter. Om det var du kan du logga in direkt via den här länken inom en timme. Om det inte var du försöker någon gissa ditt lösenord: byt till ett starkt lösenord.',
      codeLabel: 'Kod',
    },
    'no-NO': {
      subject: 'Innlogging på St1-kontoen din er satt på pause',
      lead: 'Noen prøvde å logge inn på St1-kontoen din med feil passord for mange ganger, så innlogging er satt på pause i 15 minutter. Hvis det var deg, kan du logge inn med en gang via denne lenken innen en time. Hvis det ikke var deg, prøver noen å gjette passordet ditt: bytt til et sterkt passord.',
      codeLabel: 'Kode',
    },
  },
  'already-registered': {
    'fi-FI': {
      subject: 'Sinulla on jo St1-tili',
      lead: 'Tällä sähköpostiosoitteella yritettiin luoda uusi tili, mutta sinulla on jo tili. Jos olet unohtanut salasanasi, voit vaihtaa sen.',
      codeLabel: '',
    },
    'en-EU': {
      subject: 'You already have an St1 account',
      lead: 'Someone tried to register a new account with this email address, but you already have one. If you have forgotten your password, you can reset it.',
      codeLabel: '',
    },
    'sv-SE': {
      subject: 'Du har redan ett St1-konto',
      lead: 'Någon försökte registrera ett nytt konto med den här e-postadressen, men du har redan ett. Om du har glömt ditt lösenord kan du återställa det.',
      codeLabel: '',
    },
    'no-NO': {
      subject: 'Du har allerede en St1-konto',
      lead: 'Noen prøvde å registrere en ny konto med denne e-postadressen, men du har allerede en. Hvis du har glemt passordet, kan du tilbakestille det.',
      codeLabel: '',
    },
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
): { subject: string; body: string } {
  const locale: Locale = isLocale(options.locale) ? options.locale : 'fi-FI';
  const text = TEXTS[kind][locale];
  const path = accountHref(PAGE_OF[kind], locale, { domainMode: options.domainMode ?? false });
  const link = `${options.linkBase ?? ''}${path}${options.token ? `?token=${encodeURIComponent(options.token)}` : ''}`;
  const lines = [text.lead, '', link];
  if (options.token) lines.push('', `${text.codeLabel}: ${options.token}`);
  return { subject: text.subject, body: lines.join('\n') };
}
