import { describe, expect, it } from 'vitest';
import { isValidTagManagerId, tagManagerKind, tagManagerScriptUrl } from './tag-manager';

describe('tag-manager id validation', () => {
  it.each(['GTM-ST1FI01', 'GTM-K9X2', 'G-ABC123XYZ', 'G-1'])('accepts %s', (id) => {
    expect(isValidTagManagerId(id)).toBe(true);
  });

  it.each([
    ['lower-case letters', 'GTM-st1fi01'],
    ['another prefix', 'UA-12345-1'],
    ['nothing after the dash', 'GTM-'],
    ['no dash', 'GTMST1'],
    ['a lower-case prefix', 'gtm-ABC'],
    ['a second dash', 'GTM-AB-12'],
    ['white space', ' GTM-ABC'],
    ['a trailing newline', 'G-ABC\n'],
    ['markup', 'GTM-A"><script>'],
    ['an empty string', ''],
  ])('rejects %s', (_label, id) => {
    expect(isValidTagManagerId(id)).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isValidTagManagerId(undefined)).toBe(false);
    expect(isValidTagManagerId(null)).toBe(false);
    expect(isValidTagManagerId(123)).toBe(false);
  });
});

describe('tag-manager script address', () => {
  it('loads a GTM container from gtm.js', () => {
    expect(tagManagerKind('GTM-ST1FI01')).toBe('gtm');
    expect(tagManagerScriptUrl('GTM-ST1FI01')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ST1FI01');
  });

  it('loads a Google tag from gtag/js', () => {
    expect(tagManagerKind('G-ABC123')).toBe('gtag');
    expect(tagManagerScriptUrl('G-ABC123')).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123');
  });

  it('gives no address for an invalid id', () => {
    expect(tagManagerScriptUrl('GTM-bad id')).toBeNull();
    expect(tagManagerScriptUrl(undefined)).toBeNull();
  });
});
