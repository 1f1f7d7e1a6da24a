import { describe, expect, it } from 'vitest';
import { isValidHost } from './host-header';

describe('isValidHost', () => {
  it.each([
    'localhost',
    'localhost:3000',
    '127.0.0.1',
    '127.0.0.1:8080',
    '[::1]',
    '[::1]:3000',
    'st1.fi',
    'www.st1.com',
    'xn--mnchen-3ya.de',
    'a-b.example:65535',
  ])('accepts %s', (host) => expect(isValidHost(host)).toBe(true));

  it.each([
    'www.127.0.0.1',
    '1.2.3.999',
    '[::1',
    'x:abc',
    'exa mple',
    'evil.example:99999',
    'xn--',
    'example.com:0',
    '-lead.example',
    'a..b',
    'example.com.',
    'ex_ample.com',
    'exämple.com',
    '[nothost]',
    'a'.repeat(64) + '.com',
    '',
  ])('refuses %j', (host) => expect(isValidHost(host)).toBe(false));
});
