/**
 * Text folding for search: case- and diacritic-insensitive (ä→a, å→a, ö→o, ø→o, æ→ae),
 * so that "hameenlinna" finds "Hämeenlinna" and "baerekraft" finds "bærekraft".
 */
const SPECIAL: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l' };

export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[øæœßđł]/g, (char) => SPECIAL[char] ?? char)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The distinct folded words of a query, at most `limit` of them. */
export function searchTerms(query: string, limit = 8): string[] {
  const words = foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, limit);
}
