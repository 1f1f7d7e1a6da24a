/**
 * The error body of every JSON error of both servers (DESIGN §3), and the one error a
 * client throws for any failed call. Plain type guards, no zod: the browser's landing
 * page reads these too.
 */
import { isErrorCode, type ErrorCode } from '../rules/error-codes';

/** Per-field messages of a VALIDATION_FAILED answer: a message id and its values. */
export type FieldErrors = Record<string, { id: string; values?: Record<string, number> }>;

export interface ApiErrorBody {
  status: number;
  code: string;
  message: string;
  /** Details some refusals add: `fields` (VALIDATION_FAILED), `reason`, `codes`, `rejected`… */
  [detail: string]: unknown;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const body = value as Record<string, unknown>;
  return typeof body.status === 'number' && typeof body.code === 'string' && typeof body.message === 'string';
}

/** The error body in `value`, or a TypeError saying that it is none. */
export function readErrorBody(value: unknown): ApiErrorBody {
  if (!isApiErrorBody(value) || !Number.isInteger(value.status))
    throw new TypeError(`Not an error body { status, code, message }: ${JSON.stringify(value)?.slice(0, 200)}`);
  return value;
}

/** Builds an error body: the details first, so that they can never replace the three fields. */
export function errorBody(
  status: number,
  code: ErrorCode | (string & {}),
  message: string,
  details: Readonly<Record<string, unknown>> = {},
): ApiErrorBody {
  return { ...details, status, code, message };
}

/**
 * How a call failed: an error answer of a server ('answer'), an answer that is not the
 * JSON the contract names ('bad-answer'), no answer ('network'), or none in time ('timeout').
 */
export type ApiFailure = 'answer' | 'bad-answer' | 'network' | 'timeout';

export interface ApiErrorOptions {
  /** 'answer' unless said otherwise. */
  failure?: ApiFailure;
  /** The error body's other fields: `fields`, `reason`, `codes`… */
  details?: Readonly<Record<string, unknown>>;
  /** From `retry-after` (a 429 or 503): seconds until another attempt is let through. */
  retryAfterSeconds?: number | null;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly failure: ApiFailure;
  readonly details: Readonly<Record<string, unknown>>;
  readonly retryAfterSeconds: number | null;

  constructor(
    /** The HTTP status; 0 when there was no answer. */
    readonly status: number,
    /** A code of the catalogue; any string a foreign server sent is kept as it came. */
    readonly code: ErrorCode | (string & {}),
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.failure = options.failure ?? 'answer';
    this.details = options.details ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }

  /** The error from an error body of ours. */
  static fromBody(body: ApiErrorBody, retryAfter: number | null = null): ApiError {
    const { status, code, message, ...details } = body;
    return new ApiError(status, code, message, { details, retryAfterSeconds: retryAfter });
  }

  /** The error body to pass on (the site server answers an origin's refusal with it). */
  toBody(): ApiErrorBody {
    return errorBody(this.status, this.code as ErrorCode, this.message, this.details);
  }

  /** True when the answer's code is one of these. */
  is(...codes: readonly ErrorCode[]): boolean {
    return isErrorCode(this.code) && codes.includes(this.code);
  }

  /** The per-field messages of a VALIDATION_FAILED answer (empty otherwise). */
  get fields(): FieldErrors {
    const fields = this.details.fields;
    return fields && typeof fields === 'object' && !Array.isArray(fields) ? (fields as FieldErrors) : {};
  }

  /** Why a request was refused beyond its code, e.g. 'account-locked' (docs/accounts.md). */
  get reason(): string | null {
    return typeof this.details.reason === 'string' ? this.details.reason : null;
  }

  /** The product codes a refusal names (`codes` of an UNKNOWN_PRODUCT answer), else empty. */
  get productCodes(): string[] {
    const codes = this.details.codes;
    if (!Array.isArray(codes)) return [];
    return codes.filter((code): code is string => typeof code === 'string' && code.length <= 64).slice(0, 100);
  }
}

/** The per-field messages of a VALIDATION_FAILED refusal, or null for any other failure. */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.is('VALIDATION_FAILED')) return null;
  return Object.keys(error.fields).length > 0 ? error.fields : null;
}

/**
 * True for failures that mean "the server could not be asked" or "not now": keep
 * everything and try again later; never a rejection of what was sent.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.failure === 'network' || error.failure === 'timeout') return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** A `retry-after` header in whole seconds, or null when it is absent or not a positive number. */
export function retryAfterSeconds(header: string | null): number | null {
  const seconds = Number(header ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
