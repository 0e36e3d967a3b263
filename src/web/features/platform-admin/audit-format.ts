/** The audit log's pure parts: its URL, the actor box, and before/after values shown compactly. */

const auditUrlBase = "/api/admin/audit";

export interface AuditFilter {
  /** An action prefix ("payment." finds every payment action); empty for all. */
  action: string;
  /** One admin's or staff member's user id; undefined for everyone. */
  actor?: number;
}

/** `/api/admin/audit?actor=&action=&before=`, with only the parts that are set. */
export function auditUrl(filter: AuditFilter, before?: number): string {
  const params = new URLSearchParams();
  if (filter.actor !== undefined) params.set("actor", String(filter.actor));
  if (filter.action) params.set("action", filter.action);
  if (before !== undefined) params.set("before", String(before));
  const search = params.toString();
  return search ? `${auditUrlBase}?${search}` : auditUrlBase;
}

/** The actor box: empty is everyone, a positive whole number is one user, anything else is refused. */
export function parseActorId(text: string): { actor: number | undefined } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { actor: undefined };
  if (!/^\d{1,10}$/.test(trimmed)) return { error: "Enter a user id, a whole number" };
  const actor = Number(trimmed);
  if (actor < 1 || actor > 2_147_483_647) return { error: "Enter a user id, a whole number" };
  return { actor };
}

export const compactJsonLimit = 120;

/**
 * A before/after value (the API sends it as JSON text) as one line, cut to `limit` characters with "…";
 * `full` is the whole text when it was cut (for a tooltip). No value (null or missing) is "—".
 */
export function compactJson(
  json: string | null | undefined,
  limit = compactJsonLimit,
): { text: string; full?: string } {
  if (json === null || json === undefined) return { text: "—" };
  const chars = Array.from(json);
  if (chars.length <= limit) return { text: json };
  return { text: `${chars.slice(0, limit - 1).join("")}…`, full: json };
}
