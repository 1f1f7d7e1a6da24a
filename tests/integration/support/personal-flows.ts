/**
 * The account and checkout flows of a visitor, run over HTTP against a running product
 * (`server/main.ts` with its embedded origin), for the log privacy test: register, confirm
 * (by code and by link), log in, read and change the details, forget and reset the
 * password, a demo customer's fuel cards, and a checkout paid on the test gateway with its
 * wash codes checked. Returns every personal value that went by, for the caller to look
 * for in the logs.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';

/** Reads the newest mail to `recipient` from the origin's SQLite outbox. */
function newestMail(dataDir: string, recipient: string): string {
  const db = new Database(join(dataDir, 'origin.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select body from outbox where recipient = ? order by id desc limit 1').get(recipient) as
      { body: string } | undefined;
    if (!row) throw new Error(`no mail to ${recipient}`);
    return row.body;
  } finally {
    db.close();
  }
}

/** The mailed link's path and query (its host is the site's loopback address here) and its token. */
const linkIn = (mail: string) => {
  const match = /https?:\/\/[^\s?]+\?token=[\w%-]+/.exec(mail);
  if (!match) throw new Error(`no link in the mail: ${mail}`);
  const url = new URL(match[0]);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
};

/** Strings of an answer's JSON that look personal (e-mails, wash codes, card numbers). */
function personalStrings(value: unknown, found: Set<string>): void {
  if (typeof value === 'string') {
    if (/@|^ST1-\d+$|^\d{12,19}$|^\d{4}( \d{4}){2,4}/.test(value)) found.add(value);
  } else if (Array.isArray(value)) for (const item of value) personalStrings(item, found);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) personalStrings(item, found);
}

export async function runPersonalFlows(baseUrl: string, dataDir: string, tag: string): Promise<string[]> {
  const personal = new Set<string>();
  const email = `loki.${tag}@example.fi`;
  const names = { firstName: `Salavaara${tag}`, lastName: `Yksityinen${tag}` };
  // A possible Finnish mobile number, different per run.
  const phone = `+35840555${String(tag.length).padStart(2, '0')}17`;
  const password = `Loki-salasana-${tag}-1`;
  const newPassword = `Uusi-salasana-${tag}-2`;
  for (const value of [email, names.firstName, names.lastName, phone, password, newPassword]) personal.add(value);

  const send = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: baseUrl,
        'x-st1-locale': 'fi-FI',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    personalStrings(json, personal);
    return { status: response.status, json, cookie: response.headers.get('set-cookie')?.split(';')[0] };
  };

  // Registration, confirmed by the typed code and by the link (the second finds it used).
  const registered = await send('POST', '/api/v1/account/register', {
    ...names,
    phoneNumber: phone,
    marketing: [],
    email,
    password,
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(202);
  const confirmMail = newestMail(dataDir, email);
  const code = /\b(\d{6})\b/.exec(confirmMail)?.[1];
  const confirmLink = linkIn(confirmMail);
  personal.add(code!);
  personal.add(confirmLink.token);
  const byCode = await send('POST', '/api/v1/account/confirm-email', { email, code });
  expect(byCode.status, JSON.stringify(byCode.json)).toBe(200);
  // The link as the visitor opens it: a page whose address carries the token.
  expect((await fetch(`${baseUrl}${confirmLink.path}`)).status).toBeLessThan(500);
  expect((await send('POST', '/api/v1/account/confirm-email', { token: confirmLink.token })).status).toBeLessThan(500);

  // Log in (a wrong password first), read and change the details.
  expect((await send('POST', '/api/v1/login', { email, password: `${password}-wrong` })).status).toBe(401);
  const login = await send('POST', '/api/v1/login', { email, password });
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  const session = login.cookie!;
  personal.add(session.split('=')[1]!);
  expect((await send('GET', '/proxy/customers/v1/customer', undefined, session)).status).toBe(200);
  const changed = { firstName: `Muutettu${tag}`, lastName: `Sukunimi${tag}`, phoneNumber: phone, marketing: [] };
  personal.add(changed.firstName);
  personal.add(changed.lastName);
  const updated = await send('POST', '/api/v1/account/customer', changed, session);
  expect(updated.status, JSON.stringify(updated.json)).toBe(200);

  // Forgot and reset the password through the mailed link.
  expect((await send('POST', '/api/v1/account/forgot-password', { email })).status).toBe(202);
  const resetLink = linkIn(newestMail(dataDir, email));
  personal.add(resetLink.token);
  expect((await fetch(`${baseUrl}${resetLink.path}`)).status).toBeLessThan(500);
  expect((await send('POST', '/api/v1/account/reset-password/check', { token: resetLink.token })).status).toBe(200);
  expect(
    (await send('POST', '/api/v1/account/reset-password', { token: resetLink.token, password: newPassword })).status,
  ).toBe(200);
  const again = await send('POST', '/api/v1/login', { email, password: newPassword });
  expect(again.status).toBe(200);

  // A demo customer's fuel cards (their numbers come back in the answer).
  const demo = await send('POST', '/api/v1/login', {
    email: 'matti.meikalainen@example.fi',
    password: 'Demo-salasana-1',
  });
  expect(demo.status).toBe(200);
  personal.add('matti.meikalainen@example.fi');
  personal.add('Demo-salasana-1');
  expect((await send('GET', '/proxy/customers/v1/cards', undefined, demo.cookie)).status).toBe(200);

  // A checkout as the new customer, paid on the test gateway, and its wash codes checked.
  const items = [{ code: 'WASH-BASIC', quantity: 1 }];
  const validated = await send('POST', '/proxy/digital-order/v1/cart/validate', { items });
  expect(validated.status).toBe(200);
  const total = (validated.json as { totals: { totalWithTax: number } }).totals.totalWithTax;
  const shopper = {
    email,
    firstname: names.firstName,
    lastname: names.lastName,
    telephonePrefix: 'FIN|358',
    telephoneNumber: '401234567',
    marketing: [],
  };
  personal.add('401234567');
  const initialized = await send(
    'POST',
    '/proxy/digital-order/v1/orders/initialize',
    {
      idempotencyKey: `log-privacy-${tag}-${Date.now()}`,
      items,
      customer: shopper,
      sendSms: false,
      payment: { type: 'card' },
      expectedTotal: total,
      returnPath: '/kassa/vahvistus',
    },
    again.cookie,
  );
  expect(initialized.status, JSON.stringify(initialized.json)).toBe(201);
  const paymentUrl = (initialized.json as { paymentUrl: string }).paymentUrl;
  const paid = await fetch(`${baseUrl}${new URL(paymentUrl, baseUrl).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'approve', method: 'card:visa' }).toString(),
  });
  expect(paid.status).toBe(303);
  const returned = new URL(paid.headers.get('location')!, baseUrl);
  // The confirmation page as the payer's browser opens it, with the signed result in its query.
  expect((await fetch(`${baseUrl}${returned.pathname}${returned.search}`)).status).toBeLessThan(500);
  const receipt = await send(
    'POST',
    '/proxy/digital-order/v1/orders/complete',
    Object.fromEntries(returned.searchParams),
  );
  expect(receipt.status, JSON.stringify(receipt.json)).toBe(200);
  const washCodes = [...personal].filter((value) => /^ST1-\d+$/.test(value));
  expect(washCodes.length).toBeGreaterThan(0);
  for (const washCode of washCodes)
    expect((await send('POST', '/proxy/digital-order/v1/wash-codes/check', { code: washCode })).status).toBe(200);
  return [...personal];
}
