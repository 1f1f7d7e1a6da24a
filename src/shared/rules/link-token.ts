/**
 * The shape of a token from an e-mail link (confirmation, reset, unlock): URL-safe base64.
 * The servers parse link tokens with it (src/shared/api/customers.ts), and the account
 * pages use it to tell a link cut short or with a character added from a usable one
 * without a request. No zod here: the browser imports this module.
 */
export const ACCOUNT_TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
