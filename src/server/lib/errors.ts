import { type MessageValues, type Saying, translateMessage } from "./i18n";

/**
 * The one error type. Services throw AppError; the error handler maps its code to a status and
 * answers `{ message, code, fields? }`, its message in the request's language.
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
  // The counter's refusals: staff read the message; the code says which rule refused.
  ALREADY_USED: 409,
  EXPIRED_CODE: 409,
  EXPIRED_REWARD: 409,
  DAILY_LIMIT: 409,
  NOT_THIS_SHOP: 409,
  CAP_REACHED: 409,
  BELOW_MINIMUM: 409,
  NO_PROGRAM: 409,
  CARD_LIMIT: 409,
  NOTHING_TO_CLAIM: 409,
  POINTS_LIMIT: 409,
  ALLOCATION_USED: 409,
  UNKNOWN_CODE: 404,
  /** A scan sent from a phone's queue claims a time before that phone's last live scan. */
  BACKDATED_SCAN: 409,
  /** The member's account is suspended: it earns and redeems nothing. */
  MEMBER_SUSPENDED: 403,
  PAYLOAD_TOO_LARGE: 413,
  /** A resend with an idempotency key already used for a different request (as Stripe answers). */
  IDEMPOTENCY_KEY_REUSED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /**
   * The account has seen too many wrong passwords: on this device its password is not checked; the
   * person is offered a sign-in link instead.
   */
  USE_SIGN_IN_LINK: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  /** What the message says, unfilled: its English (ICU when it has values) and its values. */
  readonly said: Saying;

  /**
   * `message` is the English as said, or, for a message with values, its ICU and the values
   * (`{ message: "{name} already got today's stamp here. Come back tomorrow!", values: { name } }`):
   * `error.message` is then the English filled in, and the error handler says it in the request's
   * language.
   */
  constructor(
    readonly code: ErrorCode,
    message: string | { message: string; values: MessageValues },
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(typeof message === "string" ? message : translateMessage(message.message, "en", message.values));
    this.said = typeof message === "string" ? { message } : message;
    this.name = "AppError";
  }

  /** The values of the message's ICU arguments, when it has any. */
  get values(): MessageValues | undefined {
    return this.said.values;
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
