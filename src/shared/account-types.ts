/**
 * Customer account shapes shared by the browser, the site server and the origin
 * (spec §3 User, §7 customer and cards endpoints). The card shape is not shown in the
 * spec; docs/accounts.md says what was chosen.
 */
import { TELEPHONE_PREFIXES } from './validation/phone';

export const MARKETING_CHOICES = ['email', 'sms'] as const;
export type MarketingChoice = (typeof MARKETING_CHOICES)[number];

/** A fuel or business card as the cards endpoint returns it: never the full number. */
export interface Card {
  id: string;
  kind: 'fuel' | 'business';
  /** Last four digits behind bullets, e.g. '•••• •••• •••• 1234'. */
  maskedNumber: string;
  holder: string;
  /** yyyy-MM */
  expires: string;
  status: 'active' | 'blocked' | 'expired';
}

/** The server customer record (spec §3, §7): emailToken is the account e-mail. */
export interface CustomerRecord {
  firstName: string;
  lastName: string;
  emailToken: string;
  phoneNumber: string;
  marketing: MarketingChoice[];
}

/** The browser's user (spec §3). */
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
interface WashCode {
  code: string;
  productName: string;
  validUntil: string | null;
  used: boolean;
}

export interface OrderSummary {
  id: string;
  createdAt: string;
  status: string;
  totalWithTax: number;
  currency: string;
  items: { code: string; name: string; amount: number }[];
  washCodes: WashCode[];
}
