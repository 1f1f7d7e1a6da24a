import { describe, expect, it } from 'vitest';
import { validateField, validateForm, type FieldRule } from './validation';

describe('validateField', () => {
  it('required refuses empty text, whitespace, an unchecked box and an empty choice', () => {
    const rules: FieldRule[] = [{ rule: 'required' }];
    for (const empty of ['', '   ', null, undefined, false, []]) {
      expect(validateField(empty, rules)).toEqual({ id: 'validation.required' });
    }
    expect(validateField('x', rules)).toBeNull();
    expect(validateField(true, rules)).toBeNull();
    expect(validateField(0, rules)).toBeNull();
  });

  it('other rules pass an empty optional field', () => {
    const rules: FieldRule[] = [{ rule: 'email' }, { rule: 'minLength', value: 5 }, { rule: 'number' }];
    expect(validateField('', rules)).toBeNull();
  });

  it('email', () => {
    const rules: FieldRule[] = [{ rule: 'email' }];
    expect(validateField('matti.meikalainen@example.fi', rules)).toBeNull();
    for (const bad of [
      'matti',
      'matti@',
      '@example.fi',
      'matti@example',
      'ma tti@example.fi',
      'a@b@c.fi',
      'a@example.f',
    ]) {
      expect(validateField(bad, rules), bad).toEqual({ id: 'validation.email' });
    }
    expect(validateField(`${'a'.repeat(250)}@ex.fi`, rules)).toEqual({ id: 'validation.email' });
  });

  it('phone accepts digits with separators and an optional +', () => {
    const rules: FieldRule[] = [{ rule: 'phone' }];
    expect(validateField('040 123 4567', rules)).toBeNull();
    expect(validateField('+358 (40) 123-4567', rules)).toBeNull();
    for (const bad of ['abc', '123', '040 123 456x', '+'.padEnd(20, '1')]) {
      expect(validateField(bad, rules), bad).toEqual({ id: 'validation.phone' });
    }
  });

  it('internationalPhone needs the country code', () => {
    const rules: FieldRule[] = [{ rule: 'internationalPhone' }];
    expect(validateField('+358 40 123 4567', rules)).toBeNull();
    expect(validateField('00358401234567', rules)).toBeNull();
    expect(validateField('+46 70 123 45 67', rules)).toBeNull();
    expect(validateField('040 123 4567', rules)).toEqual({ id: 'validation.internationalPhone' });
    expect(validateField('+358 1', rules)).toEqual({ id: 'validation.internationalPhone' });
  });

  it('number allows digits only', () => {
    const rules: FieldRule[] = [{ rule: 'number' }];
    expect(validateField('0123', rules)).toBeNull();
    expect(validateField(42, rules)).toBeNull();
    for (const bad of ['12a', '1.5', '-1', 'abc'])
      expect(validateField(bad, rules), bad).toEqual({ id: 'validation.number' });
  });

  it('minLength and maxLength count characters, not UTF-16 units, and carry ruleValue', () => {
    expect(validateField('abcd', [{ rule: 'minLength', value: 5 }])).toEqual({
      id: 'validation.minLength',
      values: { ruleValue: 5 },
    });
    expect(validateField('abcde', [{ rule: 'minLength', value: 5 }])).toBeNull();
    expect(validateField('😀😀😀', [{ rule: 'maxLength', value: 3 }])).toBeNull();
    expect(validateField('abcd', [{ rule: 'maxLength', value: 3 }])).toEqual({
      id: 'validation.maxLength',
      values: { ruleValue: 3 },
    });
  });

  it('minValue and maxValue read dot or comma decimals', () => {
    expect(validateField('9,99', [{ rule: 'minValue', value: 10 }])).toEqual({
      id: 'validation.minValue',
      values: { ruleValue: 10 },
    });
    expect(validateField('10', [{ rule: 'minValue', value: 10 }])).toBeNull();
    expect(validateField('100.5', [{ rule: 'maxValue', value: 100 }])).toEqual({
      id: 'validation.maxValue',
      values: { ruleValue: 100 },
    });
    expect(validateField('abc', [{ rule: 'maxValue', value: 100 }])).toEqual({
      id: 'validation.maxValue',
      values: { ruleValue: 100 },
    });
  });

  it('equals compares with another field of the form', () => {
    const rules: FieldRule[] = [{ rule: 'equals', field: 'email' }];
    expect(validateField('a@b.fi', rules, { email: 'a@b.fi' })).toBeNull();
    expect(validateField('a@b.fi', rules, { email: 'c@b.fi' })).toEqual({ id: 'validation.equals' });
    // Plain equals is exact (a password repeat): case counts.
    expect(validateField('Secret', [{ rule: 'equals', field: 'password' }], { password: 'secret' })).toEqual({
      id: 'validation.equals',
    });
  });

  it('equals as e-mail compares addresses as the origin matches them: any case, trimmed', () => {
    const rules: FieldRule[] = [{ rule: 'equals', field: 'email', as: 'email' }];
    expect(validateField('anna@example.com', rules, { email: 'Anna@Example.com' })).toBeNull();
    expect(validateField(' ANNA@EXAMPLE.COM ', rules, { email: 'anna@example.com' })).toBeNull();
    expect(validateField('anna@example.org', rules, { email: 'Anna@Example.com' })).toEqual({
      id: 'validation.equals',
    });
  });

  it('matches tests the whole value', () => {
    const rules: FieldRule[] = [{ rule: 'matches', pattern: '\\d{7}-\\d' }];
    expect(validateField('1234567-8', rules)).toBeNull();
    expect(validateField('x1234567-8', rules)).toEqual({ id: 'validation.matches' });
  });

  it('roundTo needs a multiple', () => {
    expect(validateField('15', [{ rule: 'roundTo', value: 5 }])).toBeNull();
    expect(validateField('0.3', [{ rule: 'roundTo', value: 0.1 }])).toBeNull();
    expect(validateField('12', [{ rule: 'roundTo', value: 5 }])).toEqual({
      id: 'validation.roundTo',
      values: { ruleValue: 5 },
    });
  });

  it('maxDecimals', () => {
    expect(validateField('1,25', [{ rule: 'maxDecimals', value: 2 }])).toBeNull();
    expect(validateField('3', [{ rule: 'maxDecimals', value: 0 }])).toBeNull();
    expect(validateField('1.255', [{ rule: 'maxDecimals', value: 2 }])).toEqual({
      id: 'validation.maxDecimals',
      values: { ruleValue: 2 },
    });
  });

  it('containsForbiddenSymbols refuses markup but keeps names of every alphabet', () => {
    const rules: FieldRule[] = [{ rule: 'containsForbiddenSymbols' }];
    for (const good of ["O'Brien", 'Åsa-Märta Ødegård', 'Hei! Kysymys: 5 € / 10 %?', 'Line\nbreak']) {
      expect(validateField(good, rules), good).toBeNull();
    }
    for (const bad of ['<script>', '{{x}}', 'a\\b', '`rm`', 'a\u0000b']) {
      expect(validateField(bad, rules), bad).toEqual({ id: 'validation.containsForbiddenSymbols' });
    }
  });

  it('checkedAmount counts the chosen options', () => {
    const rules: FieldRule[] = [{ rule: 'checkedAmount', value: 2 }];
    expect(validateField(['a', 'b'], rules)).toBeNull();
    expect(validateField(['a'], rules)).toEqual({ id: 'validation.checkedAmount', values: { ruleValue: 2 } });
    expect(validateField([], rules)).toEqual({ id: 'validation.checkedAmount', values: { ruleValue: 2 } });
  });

  it('the first failing rule wins', () => {
    expect(validateField('', [{ rule: 'required' }, { rule: 'email' }])).toEqual({ id: 'validation.required' });
    expect(validateField('x', [{ rule: 'required' }, { rule: 'email' }])).toEqual({ id: 'validation.email' });
  });
});

describe('validateForm', () => {
  it('returns only the failing fields', () => {
    const errors = validateForm(
      { email: 'a@b.fi', emailConfirmation: 'x@b.fi', firstname: 'Matti' },
      {
        email: [{ rule: 'required' }, { rule: 'email' }],
        emailConfirmation: [{ rule: 'equals', field: 'email' }],
        firstname: [{ rule: 'required' }],
        lastname: [{ rule: 'required' }],
      },
    );
    expect(errors).toEqual({ emailConfirmation: { id: 'validation.equals' }, lastname: { id: 'validation.required' } });
  });
});
