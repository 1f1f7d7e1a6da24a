/**
 * The contact forms of the site (customer service and business sales) and the
 * account forms: their fields and rules, checked alike in the browser and on
 * the servers. A CMS form block names a form by its id.
 */
import type { FieldRule } from './validation';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './limits';

export const CONTACT_FORMS = ['contact', 'business'] as const;
export type ContactFormId = (typeof CONTACT_FORMS)[number];

const CONTACT_TOPICS = ['card', 'station', 'webshop', 'other'] as const;

/** The honeypot: hidden from people, filled in by naive bots; a filled one is dropped. */
export const HONEYPOT_FIELD = 'website';

/**
 * The one rule for a person's name, wherever one is stored (contact forms, registration,
 * My details, the checkout): required, at most 100 characters, no markup or control
 * characters. The origin checks it on every endpoint that stores a name.
 */
export const PERSON_NAME_RULES: readonly FieldRule[] = [
  { rule: 'required' },
  { rule: 'maxLength', value: NAME_MAX_LENGTH },
  { rule: 'containsForbiddenSymbols' },
];
const name = [...PERSON_NAME_RULES];
const email: FieldRule[] = [{ rule: 'required' }, { rule: 'email' }, { rule: 'maxLength', value: EMAIL_MAX_LENGTH }];
const message: FieldRule[] = [
  { rule: 'required' },
  { rule: 'minLength', value: 10 },
  { rule: 'maxLength', value: 3000 },
  { rule: 'containsForbiddenSymbols' },
];

export interface FormField {
  name: string;
  kind: 'text' | 'email' | 'tel' | 'textarea' | 'select';
  autocomplete?: string;
  options?: readonly string[];
  rules: FieldRule[];
}

export const CONTACT_FORM_FIELDS: Record<ContactFormId, FormField[]> = {
  contact: [
    { name: 'firstname', kind: 'text', autocomplete: 'given-name', rules: name },
    { name: 'lastname', kind: 'text', autocomplete: 'family-name', rules: name },
    { name: 'email', kind: 'email', autocomplete: 'email', rules: email },
    { name: 'phone', kind: 'tel', autocomplete: 'tel', rules: [{ rule: 'phone' }] },
    { name: 'topic', kind: 'select', options: CONTACT_TOPICS, rules: [{ rule: 'required' }] },
    { name: 'message', kind: 'textarea', rules: message },
  ],
  business: [
    {
      name: 'company',
      kind: 'text',
      autocomplete: 'organization',
      rules: [{ rule: 'required' }, { rule: 'maxLength', value: 200 }, { rule: 'containsForbiddenSymbols' }],
    },
    {
      name: 'businessId',
      kind: 'text',
      rules: [
        { rule: 'maxLength', value: 20 },
        { rule: 'matches', pattern: '[0-9A-Za-z -]+' },
      ],
    },
    { name: 'firstname', kind: 'text', autocomplete: 'given-name', rules: name },
    { name: 'lastname', kind: 'text', autocomplete: 'family-name', rules: name },
    { name: 'email', kind: 'email', autocomplete: 'email', rules: email },
    { name: 'phone', kind: 'tel', autocomplete: 'tel', rules: [{ rule: 'required' }, { rule: 'phone' }] },
    { name: 'message', kind: 'textarea', rules: message },
  ],
};

export function contactFormRules(form: ContactFormId): Record<string, FieldRule[]> {
  return Object.fromEntries(CONTACT_FORM_FIELDS[form].map((field) => [field.name, field.rules]));
}

/** Account forms (docs/accounts.md): passwords of 10 to 128 characters. */
const password: FieldRule[] = [
  { rule: 'required' },
  { rule: 'minLength', value: 10 },
  { rule: 'maxLength', value: 128 },
];
const phoneNumber: FieldRule[] = [{ rule: 'phone' }, { rule: 'maxLength', value: 20 }];

export const ACCOUNT_FORM_RULES = {
  login: { email: [{ rule: 'required' }, { rule: 'email' }], password: [{ rule: 'required' }] },
  register: {
    firstname: name,
    lastname: name,
    email,
    // Matched as the origin matches addresses: "Anna@Example.com" confirms "anna@example.com".
    emailConfirmation: [{ rule: 'required' }, { rule: 'equals', field: 'email', as: 'email' }],
    telephoneNumber: phoneNumber,
    password,
    passwordConfirmation: [{ rule: 'required' }, { rule: 'equals', field: 'password' }],
    terms: [{ rule: 'required' }],
  },
  details: { firstname: name, lastname: name, telephoneNumber: phoneNumber },
  changePassword: {
    currentPassword: [{ rule: 'required' }],
    newPassword: password,
    newPasswordConfirmation: [{ rule: 'required' }, { rule: 'equals', field: 'newPassword' }],
  },
  forgotPassword: { email },
  /** The confirm page without a link token: the address and the six-digit mailed code. */
  confirmEmail: {
    email,
    // Six digits, with any spaces or dashes between them ("609 459"): normaliseConfirmationCode drops them.
    code: [{ rule: 'required' }, { rule: 'matches', pattern: '[\\s\\p{Pd}\\u2212]*(?:\\d[\\s\\p{Pd}\\u2212]*){6}' }],
  },
  resetPassword: {
    password,
    passwordConfirmation: [{ rule: 'required' }, { rule: 'equals', field: 'password' }],
  },
} satisfies Record<string, Record<string, FieldRule[]>>;
