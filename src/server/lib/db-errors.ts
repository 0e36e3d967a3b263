/** The constraint a unique violation (SQLSTATE 23505) hit, looking through Drizzle's error wrapper. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === "23505") return candidate.constraint ?? "unknown";
    current = candidate.cause;
  }
  return undefined;
}
