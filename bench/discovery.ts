import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { createUser } from "../src/server/db/seed/factories";
import { findDiscoveryAds } from "../src/server/modules/ads/discovery.read-model";
import { percentile, round, withScratchDatabase } from "./scratch-database";

/**
 * The discovery call's latency with 1,000 and 100,000 ads in PostgreSQL. Each size gets a
 * scratch database on the server in BENCH_DATABASE_URL (default: the local PostgreSQL), filled with
 * generate_series, then the service is called repeatedly as a signed-in member's poll would.
 */
const sizes = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 50);

async function measure(adCount: number) {
  return withScratchDatabase(async (url) => {
    const database = await openDatabase({ databaseUrl: url });
    await database.migrate();
    const db = database.db;
    const companyCount = Math.max(10, Math.round(adCount / 20));
    await db.execute(sql`
      insert into companies (name, username, category, city, latitude, longitude, plan, max_ads, paid_until, logo)
      select 'Shop ' || g, 'shop-' || g, 'Food & Dining', (array['Accra','Kumasi','Tamale','Cape Coast'])[1 + g % 4],
             5 + (g % 50) / 10.0, -1 + (g % 30) / 10.0, 'enterprise', 999, now() + interval '30 days', '/media/logo.webp'
      from generate_series(1, ${companyCount}) g`);
    await db.execute(sql`
      insert into ads (company_id, title, description, category, ad_type, image_url, thumbnail_url, duration_seconds,
                       is_featured, is_plus, required_tier, created_at, reward_type, discount_percent)
      select 1 + (g % ${companyCount}), 'Ad ' || g, 'Offer number ' || g, 'Food & Dining', 'image',
             '/media/a.webp', '/media/t.webp', 8, g % 97 = 0, g % 13 = 0,
             (case when g % 29 = 0 then 'gold' else 'bronze' end)::tier,
             now() - (g || ' minutes')::interval,
             (case when g % 3 = 0 then 'xp' else 'discount' end)::reward_type,
             (case when g % 3 = 0 then null else 10 end)
      from generate_series(1, ${adCount}) g`);
    // Discount ads hand out codes from a pool: three codes each, one in 11 pools already empty (those
    // ads are sold out and must not be offered).
    await db.execute(sql`
      insert into ad_discount_codes (ad_id, code, assigned_at)
      select a.id, 'C' || a.id || '-' || n, case when a.id % 11 = 0 then now() end
      from ads a cross join generate_series(1, 3) n where a.reward_type = 'discount'`);
    const user = await createUser(db, { city: "Tamale" });
    await db.execute(sql`
      insert into watch_progress (user_id, ad_id, completed)
      select ${user.id}, g, true from generate_series(1, ${adCount}, 50) g`);
    await db.execute(sql`analyze`);

    const results: Record<string, { p50: number; p95: number; returned: number }> = {};
    for (const sort of ["default", "trending", "near"] as const) {
      const options = sort === "near" ? { sort, lat: 9.4, lng: -0.84 } : { sort };
      await findDiscoveryAds(db, user, options, new Date()); // warm up
      const timings: number[] = [];
      let returned = 0;
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        returned = (await findDiscoveryAds(db, user, options, new Date())).length;
        timings.push(performance.now() - start);
      }
      timings.sort((a, b) => a - b);
      results[sort] = { p50: round(percentile(timings, 50)), p95: round(percentile(timings, 95)), returned };
    }
    await database.close();
    return results;
  });
}

for (const size of sizes) {
  const results = await measure(size);
  console.log(JSON.stringify({ ads: size, runs, ms: results }));
}
