import { describe, expect, it } from 'vitest';
import { redactText, redactUrl, redactValue } from './log-redaction';

describe('log redaction', () => {
  it('keeps a query’s parameter names and drops their values', () => {
    expect(redactUrl('/oma-tili/vahvista?token=abcDEF123_-x&next=%2F')).toBe(
      '/oma-tili/vahvista?token=[redacted]&next=[redacted]',
    );
    expect(redactUrl('/en-EU/company')).toBe('/en-EU/company');
    expect(redactUrl('/haku?q=matti%40example.fi')).toBe('/haku?q=[redacted]');
  });

  it('masks e-mail addresses, wash codes, card numbers and long secrets in text', () => {
    expect(redactText('Key (email)=(anna.andersson@example.se) already exists.')).toBe(
      'Key (email)=([email]) already exists.',
    );
    expect(redactText('550 5.1.1 <x.y+z@mail.example.com>: Recipient address rejected')).toBe(
      '550 5.1.1 <[email]>: Recipient address rejected',
    );
    expect(redactText('code ST1-123456789012 used')).toBe('code ST1-[code] used');
    expect(redactText('card 7083 5000 1234 5678')).toBe('card [number]');
    expect(redactText(`session ${'a1B2_-'.repeat(8)}`)).toBe('session [secret]');
    // What an operator needs stays: ids, times, statuses, a UUID request id.
    expect(redactText('order 42 at 2026-11-28T10:00:00Z: 503 (3b0e5c1e-6a1f-4c0e-9a51-1d2f0c7a9b11)')).toBe(
      'order 42 at 2026-11-28T10:00:00Z: 503 (3b0e5c1e-6a1f-4c0e-9a51-1d2f0c7a9b11)',
    );
  });

  it('replaces fields named for personal data at any depth, and walks only plain objects', () => {
    const error = new Error('kept as it is');
    expect(
      redactValue({
        outboxId: 7,
        customer: { email: 'a@b.fi', firstName: 'Matti', password: 'x', nested: [{ cardNumber: '123' }] },
        note: 'sent to a@b.fi',
        err: error,
      }),
    ).toEqual({
      outboxId: 7,
      customer: {
        email: '[redacted]',
        firstName: '[redacted]',
        password: '[redacted]',
        nested: [{ cardNumber: '[redacted]' }],
      },
      note: 'sent to [email]',
      err: error,
    });
  });
});
