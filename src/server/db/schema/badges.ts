import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ads } from "./ads";
import { users } from "./auth";
import { createdAt, id, tstz } from "./columns";
import { companies } from "./companies";

/** Badges a consumer collected while discovering brands. */
export const discoveryBadges = pgTable(
  "discovery_badges",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badgeType: text("badge_type").notNull(),
    badgeName: text("badge_name").notNull(),
    badgeDescription: text("badge_description"),
    badgeColor: text("badge_color").notNull().default("#3B82F6"),
    earnedFromAdId: integer("earned_from_ad_id").references(() => ads.id, { onDelete: "set null" }),
    earnedFromCompanyId: integer("earned_from_company_id").references(() => companies.id, {
      onDelete: "set null",
    }),
    earnedAt: tstz("earned_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("discovery_badges_user_id_idx").on(t.userId, t.earnedAt.desc(), t.id.desc())],
);

/** Milestone achievements (once each per user). */
export const userAchievements = pgTable(
  "user_achievements",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badge: text("badge").notNull(),
    earnedAt: tstz("earned_at").notNull().defaultNow(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_achievements_user_badge_key").on(t.userId, t.badge)],
);

export type DiscoveryBadge = typeof discoveryBadges.$inferSelect;
export type UserAchievement = typeof userAchievements.$inferSelect;
