import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrorsOf, readErrorBody } from '../api/errors';
import { DISCOUNT_ERROR_CODES, ERROR_CODES, isDiscountErrorCode, isErrorCode } from './error-codes';

describe('the error code catalogue', () => {
  it('names each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('knows its codes and nothing else', () => {
    expect(isErrorCode('PRICE_CHANGED')).toBe(true);
    expect(isErrorCode('price_changed')).toBe(false);
    expect(isErrorCode('DISCOUNT_')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    // Every code the station imports send (docs/stations.md "Import API").
    for (const code of ['IMPORT_NOT_CONFIGURED', 'UNKNOWN_STATION', 'UNKNOWN_EVSE', 'FUTURE_TIME', 'CONFLICTING_PRICE'])
      expect(isErrorCode(code), code).toBe(true);
  });

  it('tells a refusal of the discount code from the other refusals', () => {
    for (const code of DISCOUNT_ERROR_CODES) expect(isDiscountErrorCode(code)).toBe(true);
    // A prefix match would have taken these.
    expect(isDiscountErrorCode('DISCOUNT_')).toBe(false);
    expect(isDiscountErrorCode('DISCOUNT_SOMETHING_NEW')).toBe(false);
    expect(isDiscountErrorCode('UNKNOWN_PRODUCT')).toBe(false);
  });
});

describe('error bodies', () => {
  it('reads an error body and refuses anything else', () => {
    expect(readErrorBody({ status: 404, code: 'NOT_FOUND', message: 'x', path: '/a' })).toMatchObject({ status: 404 });
    for (const value of [
      null,
      [],
      { status: '404', code: 'NOT_FOUND', message: 'x' },
      { status: 4.5, code: 'X', message: '' },
      { status: 400, code: 'X' },
    ])
      expect(() => readErrorBody(value)).toThrow(TypeError);
  });

  it('gives the field messages of a VALIDATION_FAILED only', () => {
    const fields = { email: { id: 'validation.email' } };
    expect(fieldErrorsOf(new ApiError(400, 'VALIDATION_FAILED', 'bad', { details: { fields } }))).toEqual(fields);
    expect(fieldErrorsOf(new ApiError(400, 'VALIDATION_FAILED', 'bad', { details: { fields: {} } }))).toBeNull();
    expect(fieldErrorsOf(new ApiError(400, 'BAD_REQUEST', 'bad', { details: { fields } }))).toBeNull();
    expect(fieldErrorsOf(new Error('x'))).toBeNull();
  });
});
