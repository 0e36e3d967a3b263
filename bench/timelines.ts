import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { companies } from "../src/server/db/schema";
import { createUser } from "../src/server/db/seed/factories";
import {
  exportCompanyAnalyticsCsv,
  loadCompanyAnalytics,
} from "../src/server/modules/analytics/analytics.read-model";
import { listMoments } from "../src/server/modules/moments/moments.read-model";
import { timeCalls, withScratchDatabase } from "./scratch-database";

/**
 * A member's Moments page and a business's Analytics, on PostgreSQL, for a heavy member and a
 * big business among many others. Each size fills a scratch database with generate_series.
 */
const runs = Number(process.env.BENCH_RUNS ?? 30);
const sizes = (process.env.BENCH_SIZES ?? "1000,20000").split(",").map(Number);

async function measure(watches: number) {
  return withScratchDatabase(async (url) => {
    const database = await openDatabase({ databaseUrl: url });
    await database.migrate();
    const db = database.db;
    const companyCount = Math.max(10, Math.round(watches / 4));
    const adCount = watches * 2;
    // The big business (company 1) runs an Enterprise plan's worth of ads.
    const bigBusinessAds = 999;
    await db.execute(sql`
      insert into companies (name, username, category, city, plan, max_ads, paid_until)
      select 'Shop ' || g, 'shop-' || g, 'Food & Dining', 'Accra', 'enterprise', 999, now() + interval '30 days'
      from generate_series(1, ${companyCount}) g`);
    await db.execute(sql`
      insert into ads (company_id, title, category, ad_type, image_url, duration_seconds)
      select (case when g <= ${bigBusinessAds} then 1 else 2 + g % (${companyCount} - 1) end), 'Ad ' || g,
             'Food & Dining', 'image', '/media/a.webp', 8
      from generate_series(1, ${adCount}) g`);
    // 90 days of daily numbers for every ad, and likes and shares: the big business is company 1.
    await db.execute(sql`
      insert into ad_daily_stats (ad_id, day, impressions, views, clicks, completions, unlocks)
      select a.id, (current_date - d)::date, 40 + (a.id + d) % 50, 10 + (a.id * d) % 20, d % 3, 5 + d % 7, 4 + d % 5
      from ads a cross join generate_series(0, 89) d`);
    await db.execute(sql`
      insert into ad_interactions (ad_id, interaction_type, timestamp)
      select 1 + (g % ${adCount}), (case when g % 3 = 0 then 'share' else 'like' end)::ad_interaction_type,
             now() - ((g % 80) || ' days')::interval
      from generate_series(1, ${adCount * 20}) g`);

    // The heavy member: `watches` completed watches, a reward each, every company discovered, badges.
    const member = await createUser(db, { city: "Accra" });
    await db.execute(sql`
      insert into watch_progress (user_id, ad_id, completed, completed_at, watched_seconds, progress_percent)
      select ${member.id}, g, true, now() - (g || ' minutes')::interval, 8, 100 from generate_series(1, ${watches}) g`);
    await db.execute(sql`
      insert into rewards (user_id, ad_id, company_id, reward_type, xp_points_awarded, created_at)
      select ${member.id}, a.id, a.company_id, 'xp', 10, now() - (a.id || ' minutes')::interval
      from ads a where a.id <= ${watches}`);
    await db.execute(sql`
      insert into discovered_companies (user_id, company_id, ad_id, created_at)
      select ${member.id}, c.id, c.id, now() - (c.id || ' minutes')::interval from companies c`);
    await db.execute(sql`
      insert into discovery_badges (user_id, badge_type, badge_name, earned_at)
      select ${member.id}, 'milestone', 'Badge ' || g, now() - (g || ' hours')::interval from generate_series(1, 4) g`);
    // Past days are settled data: autovacuum would have marked their pages all-visible.
    await db.execute(sql`vacuum analyze`);

    const firstPage = await listMoments(db, member.id);
    let cursor = firstPage.nextCursor ?? undefined;
    for (let page = 0; page < 9 && cursor; page++)
      cursor = (await listMoments(db, member.id, cursor)).nextCursor ?? undefined;
    const [bigBusiness] = await db.select().from(companies).where(eq(companies.id, 1));
    const [typicalBusiness] = await db.select().from(companies).where(eq(companies.id, 2));
    const now = new Date();
    const result = {
      watches,
      companies: companyCount,
      ads: adCount,
      adsOfBigBusiness: bigBusinessAds,
      dailyStatRows: adCount * 90,
      ms: {
        momentsFirstPage: await timeCalls(runs, () => listMoments(db, member.id)),
        momentsTenthPage: await timeCalls(runs, () => listMoments(db, member.id, cursor)),
        typicalAnalytics30: await timeCalls(runs, () => loadCompanyAnalytics(db, typicalBusiness!, 30, now)),
        analytics30: await timeCalls(runs, () => loadCompanyAnalytics(db, bigBusiness!, 30, now)),
        analytics90: await timeCalls(runs, () => loadCompanyAnalytics(db, bigBusiness!, 90, now)),
        csv90: await timeCalls(runs, () => exportCompanyAnalyticsCsv(db, bigBusiness!, 90, now)),
      },
    };
    await database.close();
    return result;
  });
}

for (const size of sizes) console.log(JSON.stringify(await measure(size)));
