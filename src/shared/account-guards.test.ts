import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCard, isCustomerRecord, isOrderSummary } from './account-guards';
import { cardSchema, customerRecordSchema, orderSummarySchema } from './account-types';

/**
 * Values near the schema's shape: right ones, and ones with a field missing, of another
 * type, or out of its set, so that both answers are common.
 */
const loose = (...right: Array<fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.oneof(...right) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, '', 'x', 0, 1.5, Number.NaN, Infinity, true, [], {}) },
  );
const anyString = fc.string({ maxLength: 8 });
const record = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.record(fields) },
    { weight: 2, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.anything() },
  );

const card = record({
  id: loose(anyString),
  kind: loose(fc.constantFrom('fuel', 'business', 'gift')),
  maskedNumber: loose(anyString),
  holder: loose(anyString),
  expires: loose(fc.constantFrom('2027-05', '2030-12'), fc.constantFrom('2027-5', '27-05', ' 2027-05'), anyString),
  status: loose(fc.constantFrom('active', 'blocked', 'expired', 'lost')),
  extra: fc.anything(),
});

const customer = record({
  firstName: loose(anyString),
  lastName: loose(anyString),
  emailToken: loose(anyString),
  phoneNumber: loose(anyString),
  marketing: loose(fc.array(fc.constantFrom('email', 'sms', 'post'), { maxLength: 3 })),
});

const order = record({
  id: loose(anyString),
  createdAt: loose(anyString),
  status: loose(anyString),
  totalWithTax: loose(fc.double()),
  currency: loose(anyString),
  items: loose(
    fc.array(record({ code: loose(anyString), name: loose(anyString), amount: loose(fc.double()) }), {
      maxLength: 3,
    }),
  ),
  washCodes: loose(
    fc.array(
      record({
        code: loose(anyString),
        productName: loose(anyString),
        validUntil: loose(fc.constant(null), anyString),
        used: loose(fc.boolean()),
      }),
      { maxLength: 3 },
    ),
  ),
});

describe('account answer guards', () => {
  const cases = [
    ['isCard', isCard, cardSchema, card],
    ['isCustomerRecord', isCustomerRecord, customerRecordSchema, customer],
    ['isOrderSummary', isOrderSummary, orderSummarySchema, order],
  ] as const;

  it.each(cases)('%s accepts and refuses what its schema accepts and refuses', (_name, guard, schema, values) => {
    let accepted = 0;
    fc.assert(
      fc.property(values, (value) => {
        const parsed = schema.safeParse(value).success;
        if (parsed) accepted += 1;
        expect(guard(value)).toBe(parsed);
      }),
      { numRuns: 2000 },
    );
    // Both answers were met: the generated values test the equivalence, not one side of it.
    expect(accepted).toBeGreaterThan(20);
    expect(accepted).toBeLessThan(1980);
  });
});
