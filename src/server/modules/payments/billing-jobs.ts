import { accraDay, formatAccraDate } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import { plans } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { subscriptionReminders } from "../../db/schema/payments";
import { fitAdsToPlan } from "../ads";
import { expireMemberPlus, membersPlusEndingBetween } from "../auth";
import {
  applyPointsAllocations,
  companiesForAllocation,
  companiesPaidUntilBetween,
  companiesPastPaidPeriod,
  lapsePlan,
  lockCompany,
} from "../companies";
import { openMonthlyAllocations } from "../points";
import { currentPointsAllocations } from "../settings";
import {
  expireEndedPeriods,
  markPeriodInEffect,
  periodsDueToStart,
  startCompanyPlan,
} from "./paid-periods.service";
import { sendNotice } from "./payer-notices";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The billing sweep (every minute): queued periods that have started take effect, plans whose paid time
 * is over lapse to Starter (ads over its limit paused, never deleted), Anigye+ ends for members whose
 * period is over. Each step reads the state it fixes, so a second run in the same minute changes nothing.
 */
export async function runBillingSweep(deps: AppDeps, now: Date) {
  const started = await startDuePeriods(deps, now);
  const lapsed = await lapseEndedPlans(deps, now);
  const plusEnded = await endMemberPlus(deps, now);
  await expireEndedPeriods(deps.db, now);
  return { started, lapsed, plusEnded };
}

async function startDuePeriods(deps: AppDeps, now: Date) {
  const due = await periodsDueToStart(deps.db, now);
  for (const period of due) {
    await deps.db.transaction(async (tx) => {
      if (period.companyId) {
        await lockCompany(tx, period.companyId);
        await startCompanyPlan(tx, period.companyId, period.type as keyof typeof plans, now);
      }
      await markPeriodInEffect(tx, period.id, now);
    });
  }
  return due.length;
}

async function lapseEndedPlans(deps: AppDeps, now: Date) {
  const ended = await companiesPastPaidPeriod(deps.db, now);
  for (const company of ended) {
    await deps.db.transaction(async (tx) => {
      const locked = await lockCompany(tx, company.id);
      // A payment granted since the list was read may have extended it.
      if (!locked.paidUntil || locked.paidUntil > now || locked.paymentStatus !== "paid") return;
      const lapsed = await lapsePlan(tx, company.id);
      const { paused } = await fitAdsToPlan(tx, company.id, lapsed, now);
      const adsLine =
        paused > 0
          ? ` ${paused} ad${paused === 1 ? " was" : "s were"} paused; choose which stay live in your dashboard.`
          : "";
      await sendNotice(
        tx,
        { email: company.contactEmail, phone: company.contactPhone },
        `Your ${plans[company.plan].name} plan has ended`,
        `${company.name}'s plan ended on ${formatAccraDate(company.paidUntil!.toISOString())}; your ads no longer show on ${brand.name}.${adsLine} Renew to show them again.`,
        `${deps.config.appUrl}/subscription-details/${company.id}`,
      );
    });
  }
  return ended.length;
}

async function endMemberPlus(deps: AppDeps, now: Date) {
  const ended = await deps.db.transaction(async (tx) => {
    const members = await expireMemberPlus(tx, now);
    for (const member of members) {
      await sendNotice(
        tx,
        { email: member.email, phone: null },
        `Your ${brand.name}+ has ended`,
        `Your ${brand.name}+ membership has ended, so premium ads and competitions are closed to you. Renew any time.`,
        `${deps.config.appUrl}/anigye-plus`,
      );
    }
    return members;
  });
  return ended.length;
}

/**
 * Reminders 3 days before a paid period ends and on its last day, each sent once: its key is recorded
 * in the transaction that queues it, so two instances (or two runs) never queue it twice.
 */
export async function sendRenewalReminders(deps: AppDeps, now: Date) {
  let sent = 0;
  const soon = new Date(now.getTime() + 3 * dayMs);
  const today = accraDay(now);
  for (const company of await companiesPaidUntilBetween(deps.db, now, soon)) {
    const end = company.paidUntil!;
    const kind = accraDay(end) === today ? "day" : "3d";
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await claimReminder(tx, `plan:${company.id}:${end.toISOString()}:${kind}`))) return false;
      await sendNotice(
        tx,
        { email: company.contactEmail, phone: company.contactPhone },
        kind === "day" ? `Your plan ends today` : `Your plan ends in 3 days`,
        `${company.name}'s ${plans[company.plan].name} plan is paid until ${formatAccraDate(end.toISOString())}. Pay by mobile money to keep your ads showing.`,
        `${deps.config.appUrl}/subscription-details/${company.id}`,
      );
      return true;
    });
    if (claimed) sent++;
  }
  for (const member of await membersPlusEndingBetween(deps.db, now, soon)) {
    const end = member.subscriptionExpiresAt!;
    const kind = accraDay(end) === today ? "day" : "3d";
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await claimReminder(tx, `plus:${member.id}:${end.toISOString()}:${kind}`))) return false;
      await sendNotice(
        tx,
        { email: member.email, phone: null },
        kind === "day" ? `Your ${brand.name}+ ends today` : `Your ${brand.name}+ ends in 3 days`,
        `Your ${brand.name}+ is paid until ${formatAccraDate(end.toISOString())}. Renew to keep premium ads and competitions.`,
        `${deps.config.appUrl}/anigye-plus`,
      );
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}

async function claimReminder(tx: Executor, reminderKey: string) {
  const claimed = await tx
    .insert(subscriptionReminders)
    .values({ reminderKey })
    .onConflictDoNothing()
    .returning({ key: subscriptionReminders.reminderKey });
  return claimed.length > 0;
}

/**
 * The 1st of the month (Africa/Accra): every company's points allocation starts full, at its plan's
 * allocation as the platform settings say now (read in the same transaction).
 */
export async function resetMonthlyAllocations(deps: AppDeps, now: Date) {
  return deps.db.transaction(async (tx) => {
    await applyPointsAllocations(tx, await currentPointsAllocations(tx));
    return openMonthlyAllocations(tx, await companiesForAllocation(tx), now);
  });
}
