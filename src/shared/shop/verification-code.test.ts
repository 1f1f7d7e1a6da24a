import { describe, expect, it } from 'vitest';
import { isWashCode, normaliseVerificationCode } from './verification-code';

describe('verification code', () => {
  it.each([
    ['123456', 'ST1-123456'],
    ['1234 5678 9012', 'ST1-123456789012'],
    ['ST1-123', 'ST1-123'],
    ['st1-123', 'ST1-123'],
    [' ST1 - 123 ', 'ST1-123'],
    ['abc', 'ST1-ABC'],
    // A code that already carries the prefix never gets a second one.
    ['ST1-ABC', 'ST1-ABC'],
    ['ST1-12a', 'ST1-12A'],
    ['', 'ST1-'],
    // As printed on receipts and gift cards, and as customers type them.
    ['ST1 315704830822', 'ST1-315704830822'],
    ['st1 3157 0483 0822', 'ST1-315704830822'],
    ['ST1315704830822', 'ST1-315704830822'],
    ['3157-0483-0822', 'ST1-315704830822'],
    ['ST1-3157-0483-0822', 'ST1-315704830822'],
    ['St1 - 3157 0483 0822 ', 'ST1-315704830822'],
    ['\tst1\u00a03157 0483 0822', 'ST1-315704830822'],
    // The en dash, em dash and minus sign phone keyboards type for "-".
    ['ST1\u20133157 0483 0822', 'ST1-315704830822'],
    ['ST1\u2014315704830822', 'ST1-315704830822'],
    ['st1 \u2212 3157\u20130483\u20130822', 'ST1-315704830822'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseVerificationCode(input)).toBe(expected);
  });

  it('is idempotent: applying it to its own result changes nothing', () => {
    for (const input of ['abc', 'ST1-ABC', '1234 5678', 'st1-99', 'ST1-ST1-1', ' x y ']) {
      const once = normaliseVerificationCode(input);
      expect(normaliseVerificationCode(once)).toBe(once);
    }
  });

  it('recognises issued code shapes', () => {
    expect(isWashCode('ST1-123456789012')).toBe(true);
    expect(isWashCode('ST1-12')).toBe(false);
    expect(isWashCode('st1-123456789012')).toBe(false);
  });
});
