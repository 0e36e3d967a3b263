import { sql } from "drizzle-orm";
import type { RewardType } from "../../../shared/contracts/ad-options";
import type { Moment, MomentsPage } from "../../../shared/contracts/moments";
import type { Executor } from "../../db/client";

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
    reward:
      row.reward_type === null
        ? null
        : {
            rewardType: row.reward_type,
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
 * The member's discovery timeline, newest first: each ad's first verified watch (with what it
 * earned), each business discovered, each badge. One query over the three sources, paged by
 * (time, kind, id) so a page boundary never skips or repeats an event.
 */
export async function listMoments(db: Executor, userId: number, before?: string): Promise<MomentsPage> {
  const cursor = parseCursor(before);
  const after = cursor
    ? sql`where (m.at, m.rank, m.id) < (${cursor.at}::timestamptz, ${cursor.rank}::int, ${cursor.id}::int)`
    : sql``;
  const result = await db.execute<MomentRow>(sql`
    select * from (
      select 'watched' as kind, ${kindRank.watched}::int as rank, w.id, date_trunc('milliseconds', w.completed_at) as at,
        a.id as ad_id, a.title as ad_title, a.thumbnail_url as ad_thumbnail,
        c.id as company_id, c.name as company_name, c.logo as company_logo, c.category as company_category,
        c.city as company_city, r.reward_type, r.discount_percent, r.xp_points_awarded as xp_awarded,
        null as badge_name, null as badge_description, null as badge_color
      from (
        select distinct on (ad_id) id, ad_id, completed_at from watch_progress
        where user_id = ${userId} and completed order by ad_id, completed_at, id
      ) w
      join ads a on a.id = w.ad_id
      join companies c on c.id = a.company_id
      left join rewards r on r.user_id = ${userId} and r.ad_id = w.ad_id
      union all
      select 'discovered', ${kindRank.discovered}::int, d.id, date_trunc('milliseconds', d.created_at),
        null, null, null, c.id, c.name, c.logo, c.category, c.city, null, null, null, null, null, null
      from discovered_companies d join companies c on c.id = d.company_id
      where d.user_id = ${userId}
      union all
      select 'badge', ${kindRank.badge}::int, b.id, date_trunc('milliseconds', b.earned_at),
        null, null, null, c.id, c.name, c.logo, c.category, c.city, null, null, null,
        b.badge_name, b.badge_description, b.badge_color
      from discovery_badges b left join companies c on c.id = b.earned_from_company_id
      where b.user_id = ${userId}
    ) m
    ${after}
    order by m.at desc, m.rank desc, m.id desc
    limit ${pageSize + 1}`);
  const rows = (result as unknown as { rows: MomentRow[] }).rows;
  const page = rows.slice(0, pageSize).map(toMoment);
  const last = page.at(-1);
  const nextCursor = rows.length > pageSize && last ? `${last.at}|${kindRank[last.kind]}|${last.id}` : null;
  return { items: page, nextCursor };
}
