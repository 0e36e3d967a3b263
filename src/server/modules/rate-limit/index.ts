/** Fixed-window counters shared by every instance (rate_limits). */

export {
  admitPasswordAttempt,
  type PasswordAttempt,
  passwordAttemptFailed,
  passwordAttemptSucceeded,
} from "./password-guessing.service";
export {
  admitPinAttempt,
  forgetPinAttempts,
  type PinAttempt,
  pinAttemptFailed,
  pinAttemptSucceeded,
  staffPinAccount,
} from "./pin-guessing.service";
export {
  assertWithinRateLimit,
  byIp,
  byUser,
  consumeRateLimit,
  countRateLimitedCall,
  deleteExpiredRateLimits,
  type RateLimitRule,
  type RateLimitSubject,
} from "./rate-limit.service";
