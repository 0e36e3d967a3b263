/**
 * A key that makes a repeated request the same request (a counter scan, a withdrawal): 8 to 64 letters,
 * digits, - or _, even where randomUUID is missing (plain http).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
