import { describe, expect, it } from 'vitest';
import { isWashCode, normaliseVerificationCode } from './verification-code';

describe('verification code (spec §5)', () => {
  it.each([
    ['123456', 'ST1-123456'],
    ['1234 5678 9012', 'ST1-123456789012'],
    ['ST1-123', 'ST1-123'],
    ['st1-123', 'ST1-123'],
    [' ST1 - 123 ', 'ST1-123'],
    ['abc', 'ST1-ABC'],
    ['ST1-12a', 'ST1-ST1-12A'],
    ['', 'ST1-'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseVerificationCode(input)).toBe(expected);
  });

  it('recognises issued code shapes', () => {
    expect(isWashCode('ST1-123456789012')).toBe(true);
    expect(isWashCode('ST1-12')).toBe(false);
    expect(isWashCode('st1-123456789012')).toBe(false);
  });
});
