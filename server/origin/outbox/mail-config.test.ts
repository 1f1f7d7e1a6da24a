import { describe, expect, it } from 'vitest';
import { loadMailConfig } from './mail-config';

describe('mail configuration', () => {
  it('writes files by default and gives every locale the default sender', () => {
    const config = loadMailConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(new Set(Object.values(config.senders))).toEqual(new Set(['St1 <no-reply@st1.fi>']));
    expect(config).toMatchObject({ pollIntervalMs: 2000, maxAttempts: 8, retryBaseMs: 30_000, smtpTimeoutMs: 30_000 });
  });

  it('takes MAIL_FROM for every locale without its own sender', () => {
    const config = loadMailConfig({ MAIL_FROM: 'St1 <mail@st1.com>', MAIL_FROM_SV_SE: 'St1 Sverige <kund@st1.se>' });
    expect(config.senders).toEqual({
      default: 'St1 <mail@st1.com>',
      'fi-FI': 'St1 <mail@st1.com>',
      'en-EU': 'St1 <mail@st1.com>',
      'sv-SE': 'St1 Sverige <kund@st1.se>',
      'no-NO': 'St1 <mail@st1.com>',
    });
  });

  it('refuses a URL that is not SMTP, a sender that is not one address, and bad numbers, naming them', () => {
    expect(() => loadMailConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadMailConfig({ MAIL_FROM_NO_NO: 'not an address' })).toThrow(/MAIL_FROM_NO_NO/);
    expect(() => loadMailConfig({ MAIL_FROM: 'a@st1.fi, b@st1.fi' })).toThrow(/MAIL_FROM/);
    expect(() => loadMailConfig({ OUTBOX_MAX_ATTEMPTS: '0' })).toThrow(/OUTBOX_MAX_ATTEMPTS/);
    expect(loadMailConfig({ SMTP_URL: 'smtps://user:pass@smtp.example:465' }).smtpUrl).toBe(
      'smtps://user:pass@smtp.example:465',
    );
  });
});
