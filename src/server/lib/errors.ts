/**
 * The one error type. Services throw AppError; the error handler maps its code to a status and
 * answers `{ message, code, fields? }`.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PLAN_LIMIT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The viewing session can no longer count (another ad was opened, it expired, or the ad went away). */
  SESSION_ENDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
export const unauthenticated = (message = "Please sign in to continue") =>
  new AppError("UNAUTHENTICATED", message);
export const forbidden = (message = "You do not have permission to do that") =>
  new AppError("FORBIDDEN", message);
