import { formatAccraDate } from "../../../shared/accra-time";
import type { AppDeps } from "../../app-deps";
import { notifyMember, queueMemberSms } from "../notifications";
import { findExpiringRewards } from "./expiring-rewards.read-model";

const reminderWindowMs = 3 * 24 * 3600 * 1000;
const batchSize = 500;

/**
 * An unused discount that expires within 3 days: an in-app notice once, and an SMS queued (the sender
 * texts only with consent and a verified phone, in daytime, at most one a day).
 */
export async function remindExpiringRewards(deps: AppDeps, now: Date) {
  const due = await findExpiringRewards(deps.db, now, new Date(now.getTime() + reminderWindowMs), batchSize);
  let reminded = 0;
  for (const reward of due) {
    const until = formatAccraDate(reward.expiresAt!.toISOString());
    const message = {
      message: "Your {percent}% off at {company} expires on {date}. Use it before then.",
      values: { percent: reward.discountPercent ?? "", company: reward.companyName, date: until },
    };
    const isNew = await notifyMember(
      deps.db,
      {
        userId: reward.userId!,
        type: "reward_expiring",
        title: "A reward is about to expire",
        message,
        link: "/rewards",
        dedupeKey: `reward_expiring:${reward.rewardId}`,
      },
      now,
    );
    if (!isNew) continue;
    reminded += 1;
    await queueMemberSms(
      deps.db,
      {
        userId: reward.userId!,
        kind: "reward_expiring",
        dedupeKey: `reward_expiring:${reward.rewardId}`,
        values: { percent: reward.discountPercent ?? 0, company: reward.companyName, date: until },
        path: "/rewards",
        expiresAt: reward.expiresAt!,
      },
      now,
    );
  }
  return reminded;
}
