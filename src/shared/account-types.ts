/**
 * Customer account shapes shared by the browser, the site server and the origin
 * (spec §3 User, §7 customer and cards endpoints). The card shape is not shown in the
 * spec; docs/accounts.md says what was chosen.
 */
import { z } from './zod';
import { TELEPHONE_PREFIXES } from './rules/telephone-prefixes';

export const MARKETING_CHOICES = ['email', 'sms'] as const;
export type MarketingChoice = (typeof MARKETING_CHOICES)[number];

const CARD_KINDS = ['fuel', 'business'] as const;
const CARD_STATUSES = ['active', 'blocked', 'expired'] as const;

/** A fuel or business card as the cards endpoint returns it: never the full number. */
export const cardSchema = z.object({
  id: z.string(),
  kind: z.enum(CARD_KINDS),
  /** Last four digits behind bullets, e.g. '•••• •••• •••• 1234'. */
  maskedNumber: z.string(),
  holder: z.string(),
  /** yyyy-MM */
  expires: z.string().regex(/^\d{4}-\d{2}$/),
  status: z.enum(CARD_STATUSES),
});
export type Card = z.infer<typeof cardSchema>;

/** The server customer record: emailToken is the account e-mail. */
export const customerRecordSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  emailToken: z.string(),
  phoneNumber: z.string(),
  marketing: z.array(z.enum(MARKETING_CHOICES)).default([]),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/** The browser's user. */
export interface User {
  firstname: string;
  lastname: string;
  email: string;
  emailConfirmation: string;
  phone: string;
  telephonePrefix: (typeof TELEPHONE_PREFIXES)[number];
  telephoneNumber: string;
  marketing: MarketingChoice[];
  cards: Card[];
}

/** A wash code bought in the shop, shown with its order (spec §1 car wash). */
const washCodeSchema = z.object({
  code: z.string(),
  productName: z.string(),
  validUntil: z.string().nullable(),
  used: z.boolean(),
});

export const orderSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.string(),
  totalWithTax: z.number(),
  currency: z.string(),
  items: z.array(z.object({ code: z.string(), name: z.string(), amount: z.number() })),
  washCodes: z.array(washCodeSchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
