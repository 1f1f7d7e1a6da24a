/** JSON errors of the site server's APIs: `{ status, code, message }` (DESIGN §3). */
export class SiteHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
