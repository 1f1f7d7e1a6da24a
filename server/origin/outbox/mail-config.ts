/**
 * Mail delivery configuration from the environment (docs/accounts.md "Mail delivery"),
 * checked when the origin starts. Without SMTP_URL mails are written as .eml files under
 * DATA_DIR/mail (the embedded default), so a developer can open them.
 */
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { LOCALES, type Locale } from '#shared/locales';

const sender = z
  .string()
  .refine((value) => {
    const [first, ...rest] = addressparser(value);
    return rest.length === 0 && first?.address !== undefined && /^[^@\s]+@[^@\s]+$/.test(first.address);
  }, 'must be one address, e.g. "St1 <no-reply@st1.fi>"')
  .optional();

/** MAIL_FROM_FI_FI, MAIL_FROM_EN_EU, … */
function senderVariable(locale: Locale): string {
  return `MAIL_FROM_${locale.replace('-', '_').toUpperCase()}`;
}

const schema = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://[user:password@]host[:port] or smtps://…')
    .optional(),
  MAIL_FROM: sender,
  ...Object.fromEntries(LOCALES.map((locale) => [senderVariable(locale), sender])),
  /** How often the worker looks for due mail. */
  OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(2000),
  /** Attempts before a row is dead-lettered (a permanent refusal ends it at once). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** The wait after the first failure; doubled after each further one, at most an hour. */
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  /** Connection, greeting and socket (idle) time-outs of one SMTP attempt each. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
});

export interface MailConfig {
  smtpUrl: string | undefined;
  /** The sender of each locale's mail, and of mail with no locale (`default`). */
  senders: Record<Locale | 'default', string>;
  pollIntervalMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  smtpTimeoutMs: number;
}

const DEFAULT_SENDER = 'St1 <no-reply@st1.fi>';

export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `Invalid mail configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  const values = parsed.data as z.output<typeof schema> & Record<string, string | undefined>;
  const fallback = values.MAIL_FROM ?? DEFAULT_SENDER;
  const senders = { default: fallback } as MailConfig['senders'];
  for (const locale of LOCALES) senders[locale] = values[senderVariable(locale)] ?? fallback;
  return {
    smtpUrl: values.SMTP_URL,
    senders,
    pollIntervalMs: values.OUTBOX_POLL_INTERVAL_MS,
    maxAttempts: values.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: values.OUTBOX_RETRY_BASE_MS,
    smtpTimeoutMs: values.SMTP_TIMEOUT_MS,
  };
}
