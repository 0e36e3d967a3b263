import { integer, timestamp } from "drizzle-orm/pg-core";

/**
 * Column helpers shared by every table. Each call returns a fresh builder (a builder must not be
 * shared between tables).
 */

/** `id integer generated always as identity primary key` */
export const id = () => integer("id").primaryKey().generatedAlwaysAsIdentity();

/** A `timestamptz` column (all times are stored in UTC). */
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at timestamptz not null default now()` */
export const createdAt = () => tstz("created_at").notNull().defaultNow();

/** `updated_at timestamptz not null default now()`, bumped by Drizzle on every update. */
export const updatedAt = () =>
  tstz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
