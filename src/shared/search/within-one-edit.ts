/**
 * Whether two words are at most one edit apart: a letter added, missing or changed, or two
 * neighbours swapped (optimal string alignment distance ≤ 1), in one pass without a matrix.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthGap = a.length - b.length;
  if (lengthGap > 1 || lengthGap < -1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (lengthGap === 1) return a.slice(start + 1) === b.slice(start);
  if (lengthGap === -1) return a.slice(start) === b.slice(start + 1);
  if (a.slice(start + 1) === b.slice(start + 1)) return true;
  return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
}
