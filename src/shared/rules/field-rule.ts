/**
 * The shape of a form field's validation rules, apart from the rules themselves
 * (validation.ts), so that the message ids (validation-message-ids.ts) can be checked
 * against the rule names without importing the module that imports them.
 */
/** One validation rule of a form field; `value`/`field`/`pattern` are the rule's argument. */
export type FieldRule =
  | { rule: 'required' | 'email' | 'phone' | 'internationalPhone' | 'number' | 'containsForbiddenSymbols' }
  | { rule: 'minLength' | 'maxLength' | 'minValue' | 'maxValue' | 'maxDecimals' | 'checkedAmount'; value: number }
  /** A multiple of `value` (litres in steps of 5, amounts in whole tens). */
  | { rule: 'roundTo'; value: number }
  /**
   * Equal to another field of the same form (e-mail confirmation, password repeat): exactly,
   * or `as: 'email'` as addresses are matched (normaliseEmail: any case, trimmed).
   */
  | { rule: 'equals'; field: string; as?: 'email' }
  /** Matches a regular expression (JavaScript syntax, whole value). */
  | { rule: 'matches'; pattern: string };
export type RuleName = FieldRule['rule'];
