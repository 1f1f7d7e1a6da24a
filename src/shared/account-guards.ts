/**
 * The account answers' shape checks without zod, for the browser code that runs on every
 * page (the session's customer and cards; the landing page's budget keeps zod out). Each
 * re-states its schema in account-types.ts field by field: account-guards.test.ts checks
 * with generated values that guard and schema accept and refuse the same inputs. Extra
 * fields pass, as they pass a zod object.
 */
import type { Card, CustomerRecord, OrderSummary } from './account-types';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
/** z.number(): a finite number. */
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isArrayOf = <T>(value: unknown, item: (entry: unknown) => entry is T): value is T[] =>
  Array.isArray(value) && value.every((entry) => item(entry));
const strings = (value: Fields, keys: readonly string[]) => keys.every((key) => isString(value[key]));

const CARD_KINDS: readonly unknown[] = ['fuel', 'business'];
const CARD_STATUSES: readonly unknown[] = ['active', 'blocked', 'expired'];
const MARKETING: readonly unknown[] = ['email', 'sms'];

/** cardSchema. */
export function isCard(value: unknown): value is Card {
  return (
    isObject(value) &&
    strings(value, ['id', 'maskedNumber', 'holder']) &&
    CARD_KINDS.includes(value.kind) &&
    isString(value.expires) &&
    /^\d{4}-\d{2}$/.test(value.expires) &&
    CARD_STATUSES.includes(value.status)
  );
}

/** customerRecordSchema's input: `marketing` may be missing (the schema defaults it to []). */
export function isCustomerRecord(
  value: unknown,
): value is Omit<CustomerRecord, 'marketing'> & { marketing?: CustomerRecord['marketing'] } {
  return (
    isObject(value) &&
    strings(value, ['firstName', 'lastName', 'emailToken', 'phoneNumber']) &&
    (value.marketing === undefined ||
      isArrayOf(value.marketing, (choice): choice is string => MARKETING.includes(choice)))
  );
}

function isWashCode(value: unknown): value is OrderSummary['washCodes'][number] {
  return (
    isObject(value) &&
    strings(value, ['code', 'productName']) &&
    (value.validUntil === null || isString(value.validUntil)) &&
    typeof value.used === 'boolean'
  );
}

function isOrderItem(value: unknown): value is OrderSummary['items'][number] {
  return isObject(value) && strings(value, ['code', 'name']) && isNumber(value.amount);
}

/** orderSummarySchema. */
export function isOrderSummary(value: unknown): value is OrderSummary {
  return (
    isObject(value) &&
    strings(value, ['id', 'createdAt', 'status', 'currency']) &&
    isNumber(value.totalWithTax) &&
    isArrayOf(value.items, isOrderItem) &&
    isArrayOf(value.washCodes, isWashCode)
  );
}
