import { createHash } from "node:crypto";
import { stringify } from "safe-stable-stringify";
import { AppError } from "./errors";

/**
 * What a request asked, as a short fingerprint kept beside its logged answer: the SHA-256 of its parsed
 * body as canonical JSON (keys sorted, absent fields left out), without the idempotency key that names
 * it. A resend may only ask the same thing again (docs/product-rules.md#conventions-idempotency-keys).
 */
export function requestHash(body: { idempotencyKey?: string }): string {
  const { idempotencyKey: _key, ...asked } = body;
  return createHash("sha256")
    .update(stringify(asked) ?? "")
    .digest("base64url");
}

/**
 * Refuses a resend whose body differs from the request first sent with its key, as Stripe does; a
 * request logged before its hash was kept (null) is answered as before.
 */
export function assertSameRequest(logged: string | null | undefined, asked: string | undefined): void {
  if (!logged || !asked || logged === asked) return;
  throw new AppError(
    "IDEMPOTENCY_KEY_REUSED",
    "This idempotency key was already used with a different request.",
  );
}
