/**
 * Whether a Host header (or a trusted proxy's X-Forwarded-Host) names a host at all: a DNS
 * name, an IPv4 address or a bracketed IPv6 address, with an optional port of 1 to 65535.
 * Anything else (`1.2.3.999`, `[::1`, `x:abc`, `exa mple`, `xn--`, `www.127.0.0.1`) is a
 * 400 before any route sees it: those made `new URL()` throw deep in a render (a 500 and
 * an error log line per request). The host is still never used to build a link
 * (public-urls.ts); this only keeps nonsense out.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { domainToASCII } from 'node:url';

const HOST_AND_PORT = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/;
/** A DNS label (RFC 1123): letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const NUMERIC = /^(?:\d+|0x[0-9a-f]*)$/i;

export function isValidHost(host: string): boolean {
  if (host.length > 260) return false;
  const match = HOST_AND_PORT.exec(host);
  if (!match) return false;
  const [, name = '', port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  if (name.startsWith('[')) return isIPv6(name.slice(1, -1));
  const labels = name.split('.');
  // The URL standard reads a name whose last label is a number as an IPv4 address.
  if (NUMERIC.test(labels.at(-1) ?? '')) return isIPv4(name);
  if (name.length > 253 || !labels.every((label) => LABEL.test(label))) return false;
  // Punycode labels (xn--) must decode; domainToASCII answers '' for one that does not.
  return domainToASCII(name) === name.toLowerCase();
}
