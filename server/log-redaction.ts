/**
 * No personal data in the logs (docs/operations.md "Logs"): both servers' pino loggers
 * pass every line through these rules before it is written.
 * - Request lines name the path and the query's parameter names, never their values
 *   (`?token=…` of e-mail links, `?q=` of searches, signed payment results).
 * - Fields whose name says what they hold (email, password, token, code, card number,
 *   names, addresses, phone) are replaced, at any depth of a logged object or error.
 * - Text anywhere (messages, error messages and details: PostgreSQL writes the duplicate
 *   e-mail into its error, an SMTP server the refused recipient) has e-mail addresses,
 *   wash codes, card-like numbers and long secrets masked.
 */
import { stdSerializers } from 'pino';
import type { FastifyRequest } from 'fastify';

const PERSONAL_KEYS =
  /^(?:e-?mail|password|new-?password|current-?password|token|access-?token|refresh-?token|authorization|cookie|set-cookie|confirmation-?code|wash-?codes?|card-?number|pan|cvc|cvv|first-?name|last-?name|full-?name|phone|address|street(?:-?address)?|postal-?code|recipient)$/i;

const TEXT_RULES: ReadonlyArray<[RegExp, string]> = [
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  [/\bST1-\d+/gi, 'ST1-[code]'],
  // Card numbers, with or without spaces or dashes between groups.
  [/\b\d(?:[ -]?\d){12,18}\b/g, '[number]'],
  // Session, reset and confirmation tokens (43 characters of base64url) and other long secrets.
  [/(?<![\w-])[\w-]{40,}(?![\w-])/g, '[secret]'],
];

export function redactText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of TEXT_RULES) result = result.replace(pattern, replacement);
  return result;
}

const isPlain = (value: object) => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null || Array.isArray(value);
};

/**
 * A copy of a logged value with personal fields and text masked. Only plain objects and
 * arrays are walked (requests, replies and errors have serializers of their own), to a
 * bounded depth.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null || depth > 8 || !isPlain(value)) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] =
      PERSONAL_KEYS.test(key) && item !== null && item !== undefined ? '[redacted]' : redactValue(item, depth + 1);
  }
  return copy;
}

/** The path with the query's parameter names only: `/reset?token=[redacted]`. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return redactText(url);
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${redactText(pair.split('=')[0]!.slice(0, 64))}=[redacted]`);
  return `${redactText(url.slice(0, start))}?${names.join('&')}`;
}

/** pino options of both servers: serializers, the object formatter and the message hook. */
export const redactingLoggerOptions = {
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
    err: (error: Error) => redactValue(stdSerializers.err(error)) as ReturnType<typeof stdSerializers.err>,
  },
  formatters: {
    log: (object: Record<string, unknown>) => redactValue(object) as Record<string, unknown>,
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      method.apply(
        this,
        args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
      );
    },
  },
};
