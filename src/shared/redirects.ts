/**
 * Legacy redirect tables (spec §2 "Legacy redirects", DESIGN §2): one data file per
 * locale in content/redirects. Matching is exact path first, then the longest prefix
 * rule, then pattern rules for e-mail-like and junk paths.
 */
import { z } from './zod';

export const redirectTableSchema = z.object({
  exact: z.record(z.string().startsWith('/'), z.string()),
  prefix: z.record(z.string().startsWith('/'), z.string()).default({}),
  patterns: z.array(z.object({ name: z.string(), regex: z.string(), to: z.string() })).default([]),
});
export type RedirectTableData = z.infer<typeof redirectTableSchema>;

export interface RedirectTable {
  exact: ReadonlyMap<string, string>;
  /** Longest prefix first, so the most specific rule wins. */
  prefixes: ReadonlyArray<readonly [string, string]>;
  patterns: ReadonlyArray<{ name: string; regex: RegExp; to: string }>;
}

export function compileRedirectTable(data: RedirectTableData): RedirectTable {
  return {
    exact: new Map(Object.entries(data.exact).map(([from, to]) => [normalizeLegacyPath(from), to])),
    prefixes: Object.entries(data.prefix)
      .map(([from, to]) => [from.toLowerCase(), to] as const)
      .sort(([a], [b]) => b.length - a.length),
    patterns: data.patterns.map((rule) => ({ name: rule.name, regex: new RegExp(rule.regex, 'i'), to: rule.to })),
  };
}

/** Lower-cases and drops a trailing slash so that /Uutiset/ and /uutiset match alike. */
export function normalizeLegacyPath(path: string): string {
  const lowered = path.toLowerCase();
  return lowered.length > 1 ? lowered.replace(/\/+$/, '') || '/' : lowered;
}

/** The target for a locale-relative path, or undefined when the table has no rule for it. */
export function matchRedirect(table: RedirectTable, localPath: string): string | undefined {
  const path = normalizeLegacyPath(localPath);
  const exact = table.exact.get(path);
  if (exact !== undefined) return exact;
  for (const [prefix, to] of table.prefixes) {
    if (`${path}/`.startsWith(prefix) && path.length >= prefix.length) return to;
  }
  return table.patterns.find((rule) => rule.regex.test(path))?.to;
}

/** Appends the original query string to a target that may carry its own (spec: query kept). */
export function withQuery(target: string, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query) return target;
  const hashIndex = target.indexOf('#');
  const base = hashIndex === -1 ? target : target.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : target.slice(hashIndex);
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`;
}

export function isAbsoluteUrl(target: string): boolean {
  return /^https?:\/\//i.test(target);
}
