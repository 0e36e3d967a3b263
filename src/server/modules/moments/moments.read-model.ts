import { type SQL, sql } from "drizzle-orm";
import type { RewardType } from "../../../shared/contracts/ad-options";
import type { Moment, MomentsPage } from "../../../shared/contracts/moments";
import type { Executor } from "../../db/client";
import { executeRows } from "../../db/prepared";

const pageSize = 30;

/** Within one instant the timeline reads effect-first: a badge, then the discovery, then the watch. */
const kindRank = { badge: 3, discovered: 2, watched: 1 } as const;

interface MomentRow extends Record<string, unknown> {
  kind: keyof typeof kindRank;
  id: number;
  at: string | Date;
  ad_id: number | null;
  ad_title: string | null;
  ad_thumbnail: string | null;
  company_id: number | null;
  company_name: string | null;
  company_logo: string | null;
  company_category: string | null;
  company_city: string | null;
  reward_type: RewardType | null;
  discount_percent: number | null;
  xp_awarded: number | null;
  badge_name: string | null;
  badge_description: string | null;
  badge_color: string | null;
}

function companyOf(row: MomentRow) {
  if (row.company_id === null) return null;
  return {
    id: row.company_id,
    name: row.company_name ?? "",
    logo: row.company_logo,
    category: row.company_category ?? "",
    city: row.company_city,
  };
}

function toMoment(row: MomentRow): Moment {
  const at = new Date(row.at).toISOString();
  if (row.kind === "badge") {
    return {
      kind: "badge",
      id: row.id,
      at,
      badge: {
        name: row.badge_name ?? "",
        description: row.badge_description,
        color: row.badge_color ?? "#3B82F6",
      },
      company: companyOf(row),
    };
  }
  if (row.kind === "discovered") return { kind: "discovered", id: row.id, at, company: companyOf(row)! };
  return {
    kind: "watched",
    id: row.id,
    at,
    ad: { id: row.ad_id!, title: row.ad_title ?? "", thumbnailUrl: row.ad_thumbnail },
    company: companyOf(row)!,
    reward: {
      rewardType: row.reward_type!,
      discountPercent: row.discount_percent,
      xpAwarded: row.xp_awarded ?? 0,
    },
  };
}

function parseCursor(before: string | undefined) {
  if (!before) return null;
  const [at, rank, id] = before.split("|");
  return { at: at!, rank: Number(rank), id: Number(id) };
}

/**
 * Keeps a source's rows older than the cursor: by the instant (index-friendly bound first), then by
 * (time, kind, id) as the outer order compares them.
 */
function olderThan(cursor: ReturnType<typeof parseCursor>, at: SQL, id: SQL, rank: number): SQL {
  if (!cursor) return sql``;
  return sql`and ${at} < ${cursor.at}::timestamptz + interval '1 millisecond'
    and (date_trunc('milliseconds', ${at}), ${rank}::int, ${id}) < (${cursor.at}::timestamptz, ${cursor.rank}::int, ${cursor.id}::int)`;
}

/**
 * The member's discovery timeline, newest first: each ad's first verified watch (the moment its reward
 * was issued, with what it earned), each business discovered, each badge. Each source gives at most one
 * page straight off its (user, time desc, id desc) index, then the pages are merged; paging by (time, kind, id) means a page
 * boundary never skips or repeats an event.
 */
export async function listMoments(db: Executor, userId: number, before?: string): Promise<MomentsPage> {
  const cursor = parseCursor(before);
  const limit = pageSize + 1;
  const query = sql`
    select * from (
      (select 'watched' as kind, ${kindRank.watched}::int as rank, r.id, date_trunc('milliseconds', r.created_at) as at,
        a.id as ad_id, a.title as ad_title, a.thumbnail_url as ad_thumbnail,
        c.id as company_id, c.name as company_name, c.logo as company_logo, c.category as company_category,
        c.city as company_city, r.reward_type, r.discount_percent, r.xp_points_awarded as xp_awarded,
        null as badge_name, null as badge_description, null as badge_color
      from (
        select * from rewards r where r.user_id = ${userId} ${olderThan(cursor, sql`r.created_at`, sql`r.id`, kindRank.watched)}
        order by r.created_at desc nulls last, r.id desc nulls last limit ${limit}
      ) r join ads a on a.id = r.ad_id join companies c on c.id = a.company_id)
      union all
      (select 'discovered', ${kindRank.discovered}::int, d.id, date_trunc('milliseconds', d.created_at),
        null, null, null, c.id, c.name, c.logo, c.category, c.city, null, null, null, null, null, null
      from (
        select * from discovered_companies d
        where d.user_id = ${userId} ${olderThan(cursor, sql`d.created_at`, sql`d.id`, kindRank.discovered)}
        order by d.created_at desc nulls last, d.id desc nulls last limit ${limit}
      ) d join companies c on c.id = d.company_id)
      union all
      (select 'badge', ${kindRank.badge}::int, b.id, date_trunc('milliseconds', b.earned_at),
        null, null, null, c.id, c.name, c.logo, c.category, c.city, null, null, null,
        b.badge_name, b.badge_description, b.badge_color
      from (
        select * from discovery_badges b
        where b.user_id = ${userId} ${olderThan(cursor, sql`b.earned_at`, sql`b.id`, kindRank.badge)}
        order by b.earned_at desc nulls last, b.id desc nulls last limit ${limit}
      ) b left join companies c on c.id = b.earned_from_company_id)
    ) m
    order by m.at desc, m.rank desc, m.id desc
    limit ${limit}`;
  const rows = await executeRows<MomentRow>(db, query);
  const page = rows.slice(0, pageSize).map(toMoment);
  const last = page.at(-1);
  const nextCursor = rows.length > pageSize && last ? `${last.at}|${kindRank[last.kind]}|${last.id}` : null;
  return { items: page, nextCursor };
}
