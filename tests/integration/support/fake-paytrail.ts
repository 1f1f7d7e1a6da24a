/**
 * A fake Paytrail in the test process (127.0.0.1) that follows Paytrail's public API
 * (https://docs.paytrail.com): POST /payments and GET /payments/{transactionId} with the
 * signed `checkout-*` headers (refused with 401 when the signature is wrong), signed
 * answers, and, standing in for the payer at the hosted page, `pay()`: Paytrail's redirect
 * to the shop's success or cancel URL and its callback, with signed query parameters. Its
 * hosted page (GET /pay/{transactionId}, for the browser tests) does the same by a form:
 * it calls the callback, then sends the browser back.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { isPaytrailSignatureValid, paytrailSignature } from '../../../server/origin/shop/payments/paytrail-signature';

export const MERCHANT_ID = '375917';
export const SECRET = 'SAIPPUAKAUPPIAS';

interface Transaction {
  transactionId: string;
  stamp: string;
  reference: string;
  amount: number;
  currency: string;
  language: string;
  email: string;
  status: 'new' | 'ok' | 'fail' | 'pending';
  provider?: string;
  redirectUrls: { success: string; cancel: string };
  callbackUrls?: { success: string; cancel: string };
  createdAt: string;
}

export interface FakePaytrail {
  url: string;
  transactions: Map<string, Transaction>;
  /** How every request was answered, in order ('POST /payments 201'). */
  log: string[];
  /**
   * 'down': every API call answers 503; 'slow': answers after 5 s; 'forged': answers signed
   * with another key (a man in the middle).
   */
  mode: 'up' | 'down' | 'slow' | 'forged';
  /** The payer pays ('ok') or cancels ('fail') on the hosted page: the signed redirect and callback URLs. */
  pay(
    transactionId: string,
    outcome: 'ok' | 'fail' | 'pending',
    provider?: string,
  ): { redirect: string; callback: string };
  close(): Promise<void>;
}

/** Signed `checkout-*` parameters as Paytrail appends them to a redirect or callback URL. */
export function signedParams(transaction: Transaction, secret = SECRET): Record<string, string> {
  const params: Record<string, string> = {
    'checkout-account': MERCHANT_ID,
    'checkout-algorithm': 'sha256',
    'checkout-amount': String(transaction.amount),
    'checkout-stamp': transaction.stamp,
    'checkout-reference': transaction.reference,
    'checkout-transaction-id': transaction.transactionId,
    'checkout-status': transaction.status,
    ...(transaction.provider ? { 'checkout-provider': transaction.provider } : {}),
  };
  return { ...params, signature: paytrailSignature(secret, params, '') };
}

export async function startFakePaytrail(): Promise<FakePaytrail> {
  const app = Fastify();
  const transactions = new Map<string, Transaction>();
  const stamps = new Set<string>();
  const log: string[] = [];
  const fake = { mode: 'up' as FakePaytrail['mode'] };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /** Paytrail signs its answers as the requests: checkout-* headers and the body. */
  function answer(reply: import('fastify').FastifyReply, status: number, body: object, transactionId?: string) {
    const text = JSON.stringify(body);
    const headers: Record<string, string> = {
      'checkout-account': MERCHANT_ID,
      'checkout-algorithm': 'sha256',
      ...(transactionId ? { 'checkout-transaction-id': transactionId } : {}),
      'request-id': randomUUID(),
    };
    return reply
      .status(status)
      .headers({
        ...headers,
        signature: paytrailSignature(fake.mode === 'forged' ? 'another key' : SECRET, headers, text),
      })
      .type('application/json; charset=utf-8')
      .send(text);
  }

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  // The hosted page: the payer's browser, not the shop, so no checkout-* headers.
  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    if (!transactions.has(request.params.id)) return reply.status(404).send('No such payment');
    const action = `/pay/${encodeURIComponent(request.params.id)}`;
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="fi"><head><meta charset="utf-8"><title>Fake Paytrail</title></head>
<body><main><h1>Fake Paytrail</h1>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="ok"><button>Maksa</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="fail"><button>Peruuta maksu</button></form>
</main></body></html>`);
  });

  app.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    if (!transactions.has(request.params.id)) return reply.status(404).send('No such payment');
    const outcome = new URLSearchParams(String(request.body)).get('outcome') === 'ok' ? 'ok' : 'fail';
    const urls = pay(request.params.id, outcome, outcome === 'ok' ? 'nordea' : undefined);
    // Paytrail calls the callback as well as sending the payer back; a failed call is retried by
    // Paytrail later, so it does not stop the redirect here either.
    const callback = await fetch(urls.callback, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
    log.push(`callback ${callback?.status ?? 'failed'}`);
    return reply.redirect(urls.redirect, 303);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/pay/')) return;
    if (fake.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 5000));
    if (fake.mode === 'down') {
      log.push(`${request.method} ${request.url} 503`);
      return reply.status(503).send({ status: 'error', message: 'Service unavailable' });
    }
    const headers = request.headers as Record<string, string>;
    const ok =
      headers['checkout-account'] === MERCHANT_ID &&
      headers['checkout-method'] === request.method &&
      Boolean(headers['checkout-nonce']) &&
      Boolean(headers['checkout-timestamp']);
    // The body is checked in the handlers, once read.
    if (!ok) {
      log.push(`${request.method} ${request.url} 401`);
      return reply.status(401).send({ status: 'error', message: 'Missing or wrong checkout headers' });
    }
  });

  function signatureValid(request: import('fastify').FastifyRequest): boolean {
    const headers = request.headers as Record<string, string>;
    return isPaytrailSignatureValid(
      SECRET,
      headers,
      typeof request.body === 'string' ? request.body : '',
      headers.signature,
    );
  }

  app.post('/payments', async (request, reply) => {
    if (!signatureValid(request)) {
      log.push('POST /payments 401');
      return reply.status(401).send({ status: 'error', message: 'Invalid signature' });
    }
    const body = JSON.parse(request.body as string) as Partial<Transaction> & {
      customer?: { email?: string };
      redirectUrls?: Transaction['redirectUrls'];
      callbackUrls?: Transaction['callbackUrls'];
    };
    const problems = [
      typeof body.stamp === 'string' && body.stamp.length <= 200 ? null : 'stamp',
      typeof body.reference === 'string' ? null : 'reference',
      Number.isInteger(body.amount) && body.amount! > 0 ? null : 'amount',
      body.currency === 'EUR' ? null : 'currency',
      ['FI', 'SV', 'EN'].includes(body.language ?? '') ? null : 'language',
      body.customer?.email ? null : 'customer.email',
      body.redirectUrls?.success && body.redirectUrls.cancel ? null : 'redirectUrls',
    ].filter(Boolean);
    if (problems.length > 0 || stamps.has(body.stamp!)) {
      log.push('POST /payments 400');
      return reply
        .status(400)
        .send({ status: 'error', message: problems.length ? `Invalid ${problems.join(', ')}` : 'Duplicate stamp' });
    }
    stamps.add(body.stamp!);
    const transaction: Transaction = {
      transactionId: randomUUID(),
      stamp: body.stamp!,
      reference: body.reference!,
      amount: body.amount!,
      currency: body.currency!,
      language: body.language!,
      email: body.customer!.email!,
      status: 'new',
      redirectUrls: body.redirectUrls!,
      ...(body.callbackUrls ? { callbackUrls: body.callbackUrls } : {}),
      createdAt: new Date().toISOString(),
    };
    transactions.set(transaction.transactionId, transaction);
    log.push('POST /payments 201');
    const href = `${baseUrl}/pay/${transaction.transactionId}`;
    return answer(reply, 201, {
      transactionId: transaction.transactionId,
      href,
      reference: transaction.reference,
      terms: 'https://www.paytrail.com/kuluttaja/maksupalveluehdot',
      groups: [],
      providers: [],
    });
  });

  app.get<{ Params: { id: string } }>('/payments/:id', async (request, reply) => {
    const headers = request.headers as Record<string, string>;
    if (!signatureValid(request) || headers['checkout-transaction-id'] !== request.params.id) {
      log.push('GET /payments 401');
      return reply.status(401).send({ status: 'error', message: 'Invalid signature' });
    }
    const transaction = transactions.get(request.params.id);
    if (!transaction) return reply.status(404).send({ status: 'error', message: 'Not found' });
    log.push(`GET /payments ${transaction.status}`);
    return answer(
      reply,
      200,
      {
        transactionId: transaction.transactionId,
        status: transaction.status,
        amount: transaction.amount,
        currency: transaction.currency,
        stamp: transaction.stamp,
        reference: transaction.reference,
        createdAt: transaction.createdAt,
        href: `${baseUrl}/pay/${transaction.transactionId}`,
        ...(transaction.provider ? { provider: transaction.provider } : {}),
      },
      transaction.transactionId,
    );
  });

  function pay(transactionId: string, outcome: Transaction['status'], provider = 'osuuspankki') {
    const transaction = transactions.get(transactionId);
    if (!transaction) throw new Error(`No transaction ${transactionId}`);
    transaction.status = outcome;
    transaction.provider = provider;
    const query = new URLSearchParams(signedParams(transaction)).toString();
    const urls = outcome === 'fail' ? 'cancel' : 'success';
    return {
      redirect: `${transaction.redirectUrls[urls]}?${query}`,
      callback: `${transaction.callbackUrls?.[urls] ?? ''}?${query}`,
    };
  }

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = address;
  return {
    url: baseUrl,
    transactions,
    log,
    get mode() {
      return fake.mode;
    },
    set mode(value) {
      fake.mode = value;
    },
    pay,
    close: () => app.close(),
  };
}
