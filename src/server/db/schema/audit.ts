import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id } from "./columns";

/**
 * Every admin and staff action: who, what, on what, the state before and after, when. Append-only: the
 * application never updates or deletes a row, and a trigger (migration 0012) refuses it anyway.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name when it happened ("system" for scheduled jobs), kept if the account goes. */
    actorName: text("actor_name").notNull(),
    /** e.g. "setting.update", "payment.verify", "draw.run", "share_proof.decide". */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_id_desc_idx").on(t.id.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.id.desc()),
    index("audit_log_action_idx").on(t.action, t.id.desc()),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
