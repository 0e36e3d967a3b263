import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, real, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ads } from "./ads";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies } from "./companies";

/**
 * Server-observed watching of an ad. The server compares watchedSeconds with wall-clock time since
 * startedAt; progress faster than the clock is rejected and logged in fraud_detection.
 */
export const watchProgress = pgTable(
  "watch_progress",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    adId: integer("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    progressPercent: integer("progress_percent").notNull().default(0),
    /** Seconds of the ad the server accepts as watched. */
    watchedSeconds: real("watched_seconds").notNull().default(0),
    startedAt: tstz("started_at").notNull().defaultNow(),
    lastProgressAt: tstz("last_progress_at"),
    completed: boolean("completed").notNull().default(false),
    completedAt: tstz("completed_at"),
    /** Set when the member started another view: one open view per member, so ads can't be watched in parallel. */
    closedAt: tstz("closed_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    deviceFingerprint: text("device_fingerprint"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("watch_progress_user_ad_idx").on(t.userId, t.adId),
    index("watch_progress_open_idx").on(t.userId).where(sql`${t.closedAt} is null and not ${t.completed}`),
    index("watch_progress_ad_id_idx").on(t.adId),
    // Anti-cheat: how many accounts watched on one device lately.
    index("watch_progress_device_idx").on(t.deviceFingerprint, t.createdAt),
    // The admin overview counts today's verified views.
    index("watch_progress_completed_at_idx").on(t.completedAt).where(sql`${t.completedAt} is not null`),
    check("watch_progress_percent_range", sql`${t.progressPercent} between 0 and 100`),
    check("watch_progress_watched_seconds_nonnegative", sql`${t.watchedSeconds} >= 0`),
  ],
);

/** Companies a consumer has discovered (collected), once each. */
export const discoveredCompanies = pgTable(
  "discovered_companies",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    adId: integer("ad_id").references(() => ads.id, { onDelete: "set null" }),
    watchPercentage: integer("watch_percentage").notNull().default(0),
    hasRewards: boolean("has_rewards").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discovered_companies_user_company_key").on(t.userId, t.companyId),
    index("discovered_companies_company_id_idx").on(t.companyId),
    index("discovered_companies_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    check("discovered_companies_watch_percentage_range", sql`${t.watchPercentage} between 0 and 100`),
  ],
);

export type WatchProgress = typeof watchProgress.$inferSelect;
export type DiscoveredCompany = typeof discoveredCompanies.$inferSelect;
