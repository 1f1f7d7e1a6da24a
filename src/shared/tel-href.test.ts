import { describe, expect, it } from 'vitest';
import { telHref } from './tel-href';

describe('telHref', () => {
  it('drops spaces, dashes and brackets', () => {
    expect(telHref('+358 (0)10 557 11')).toBe('tel:+35801055711');
    expect(telHref('010-557 11')).toBe('tel:01055711');
  });

  it('keeps only a leading plus', () => {
    expect(telHref('+47 22 + 33')).toBe('tel:+472233');
    expect(telHref('22+33')).toBe('tel:2233');
  });
});
