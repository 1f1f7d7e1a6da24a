/**
 * How e-mail addresses are matched: trimmed and lower-cased. The origin stores and looks up
 * accounts so (customers, login failures), and a form that asks for an address twice
 * compares the two the same way ("Anna@Example.com" and "anna@example.com" are one address).
 */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
