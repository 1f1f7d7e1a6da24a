/**
 * The CLDR plural category of a count ('one', 'other', …), for a `select` message that
 * chooses its wording by it: `{form, select, one {# … } other {…}}` with the count as a
 * plain `{count}`.
 *
 * Why not an ICU `plural`: Lingui formats every plural's count with Intl.NumberFormat
 * (even where no `#` is shown), and the first Intl formatter a page makes pays the set-up of
 * the browser's ICU data: 90–150 ms at Lighthouse's 4× CPU slowdown, measured in Chromium
 * 156, in one piece. The header's cart link made it on every page during hydration, a long
 * task of its own. Intl.PluralRules does not pay it (about 1 ms first).
 */
const rulesByLocale = new Map<string, Intl.PluralRules>();

export function pluralForm(locale: string, count: number): Intl.LDMLPluralRule {
  let rules = rulesByLocale.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    rulesByLocale.set(locale, rules);
  }
  return rules.select(count);
}
