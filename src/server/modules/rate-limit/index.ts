/** Fixed-window counters shared by every instance (rate_limits). */

export { sendWithinAccountCap } from "./account-messages.service";
export {
  admitTypedCode,
  typedCodeWasRight,
  wrongCodesBeforeWait,
} from "./code-guessing.service";
export {
  admitPasswordAttempt,
  passwordAttemptFailed,
  passwordAttemptSucceeded,
} from "./password-guessing.service";
export {
  admitPinAttempt,
  forgetPinAttempts,
  pinAttemptFailed,
  pinAttemptSucceeded,
  staffPinAccount,
} from "./pin-guessing.service";
export {
  byIp,
  byUser,
  consumeRateLimit,
  countRateLimitedCall,
  deleteExpiredRateLimits,
  type RateLimitRule,
  type RateLimitSubject,
} from "./rate-limit.service";
