import { and, count, desc, eq, gte, isNull, type SQL, sql } from "drizzle-orm";
import type {
  AdminCompanyAd,
  AdminCompanyDetail,
  AdminCompanyPayment,
  AdminCompanyScan,
} from "../../../shared/contracts/companies";
import type { PlanId } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import { type Company, companyStaff } from "../../db/schema/companies";
import { qrScanLogs } from "../../db/schema/counter";
import { payments, subscriptions } from "../../db/schema/payments";
import { findLatestAudit } from "../audit";
import { loadCompanyProfile } from "./company-profile.read-model";
import { listStaff } from "./counter-staff.service";

/*
 * One business in full for the admin: a read across companies, payments, ads and the counter's scan log.
 * It reads those tables here rather than through their modules because each of them imports this one
 * (plan limits, company access), and a module cycle is what the boundary lint refuses.
 */

const recentLimit = 10;
const scanWindowMs = 30 * 86_400_000;

/** The owner's view of an ad's state (the ads module's `adStatus`), in SQL so it can be counted. */
function adStatusSql(now: Date): SQL<AdminCompanyAd["status"]> {
  const at = now.toISOString();
  return sql<AdminCompanyAd["status"]>`case
    when ${ads.expiresAt} is not null and ${ads.expiresAt} <= ${at}::timestamptz then 'expired'
    when ${ads.isActive} then 'active'
    else 'paused' end`;
}

async function recentPayments(db: Executor, companyId: number): Promise<AdminCompanyPayment[]> {
  const rows = await db
    .select({ payment: payments, plan: subscriptions.type })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(eq(payments.companyId, companyId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(recentLimit);
  return rows.map(({ payment, plan }) => ({
    id: payment.id,
    reference: payment.reference,
    status: payment.status,
    amount: payment.amountPesewas,
    method: payment.paymentMethod,
    plan: plan && plan !== "plus" ? (plan as PlanId) : null,
    createdAt: payment.createdAt.toISOString(),
    processedAt: payment.processedAt?.toISOString() ?? null,
    reason: payment.reason,
  }));
}

async function adsOf(db: Executor, companyId: number, now: Date): Promise<AdminCompanyDetail["ads"]> {
  const status = adStatusSql(now);
  const live = and(eq(ads.companyId, companyId), isNull(ads.deletedAt));
  const countOf = (state: AdminCompanyAd["status"]) =>
    sql<number>`count(*) filter (where ${status} = ${state})`.mapWith(Number);
  const [[counts], newest] = await Promise.all([
    db
      .select({
        total: count(),
        active: countOf("active"),
        paused: countOf("paused"),
        expired: countOf("expired"),
      })
      .from(ads)
      .where(live),
    db
      .select({
        id: ads.id,
        title: ads.title,
        adType: ads.adType,
        status,
        pausedByPlan: ads.pausedByPlan,
        viewCount: ads.viewCount,
        createdAt: ads.createdAt,
        expiresAt: ads.expiresAt,
      })
      .from(ads)
      .where(live)
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .limit(recentLimit),
  ]);
  return {
    counts: counts ?? { total: 0, active: 0, paused: 0, expired: 0 },
    newest: newest.map((ad) => ({
      ...ad,
      createdAt: ad.createdAt.toISOString(),
      expiresAt: ad.expiresAt?.toISOString() ?? null,
    })),
  };
}

async function scansOf(db: Executor, companyId: number, now: Date): Promise<AdminCompanyDetail["scans"]> {
  const since = new Date(now.getTime() - scanWindowMs);
  const [[window], recent] = await Promise.all([
    db
      .select({
        total: count(),
        accepted: sql<number>`count(*) filter (where ${qrScanLogs.accepted})`.mapWith(Number),
        suspicious: sql<number>`count(*) filter (where ${qrScanLogs.isSuspicious})`.mapWith(Number),
      })
      .from(qrScanLogs)
      .where(and(eq(qrScanLogs.companyId, companyId), gte(qrScanLogs.createdAt, since))),
    db
      .select({ log: qrScanLogs, staffName: companyStaff.name })
      .from(qrScanLogs)
      .leftJoin(companyStaff, eq(companyStaff.id, qrScanLogs.staffId))
      .where(eq(qrScanLogs.companyId, companyId))
      .orderBy(desc(qrScanLogs.createdAt), desc(qrScanLogs.id))
      .limit(recentLimit),
  ]);
  return {
    last30Days: window ?? { total: 0, accepted: 0, suspicious: 0 },
    recent: recent.map(
      ({ log, staffName }): AdminCompanyScan => ({
        id: log.id,
        action: log.scanType ?? "lookup",
        accepted: log.accepted,
        message: log.message,
        staffName: staffName ?? "Owner",
        points: log.points,
        isSuspicious: log.isSuspicious,
        scannedAt: log.scannedAt.toISOString(),
      }),
    ),
  };
}

async function lastStatusChange(db: Executor, companyId: number) {
  const entry = await findLatestAudit(db, {
    actions: ["company.suspend", "company.reactivate"],
    targetType: "company",
    targetId: companyId,
  });
  if (!entry) return null;
  return {
    status: entry.action === "company.suspend" ? "suspended" : "active",
    reason: entry.reason,
    by: entry.actorName,
    at: entry.createdAt.toISOString(),
  };
}

export async function loadAdminCompanyDetail(
  db: Executor,
  company: Company,
  now: Date,
): Promise<AdminCompanyDetail> {
  const [profile, recent, adSummary, staff, scans, statusChange] = await Promise.all([
    loadCompanyProfile(db, company, now),
    recentPayments(db, company.id),
    adsOf(db, company.id, now),
    listStaff(db, company.id, now),
    scansOf(db, company.id, now),
    lastStatusChange(db, company.id),
  ]);
  const linkWaiting =
    !company.passwordHash &&
    company.setupTokenHash !== null &&
    company.setupTokenExpiresAt !== null &&
    company.setupTokenExpiresAt > now;
  return {
    ...profile,
    createdAt: company.createdAt.toISOString(),
    paymentStatus: company.paymentStatus,
    setup: {
      finished: company.passwordHash !== null,
      linkExpiresAt: linkWaiting ? company.setupTokenExpiresAt!.toISOString() : null,
    },
    lastStatusChange: statusChange,
    payments: recent,
    ads: adSummary,
    staff: staff.map(({ staffCode: _code, ...member }) => member),
    scans,
  };
}
