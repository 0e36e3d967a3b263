import { formatAccraDate } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import type { AppDeps } from "../../app-deps";
import { deliverQuietly } from "../../integrations/deliver-quietly";
import { notifyMember } from "../notifications";
import { findExpiringRewards } from "./expiring-rewards.read-model";

const reminderWindowMs = 3 * 24 * 3600 * 1000;
const batchSize = 500;

/**
 * An unused discount that expires within 3 days: an in-app notice once, and an SMS when the member has a
 * verified phone and agreed to SMS. The job calls this only in Accra daytime, so nobody is woken up.
 */
export async function remindExpiringRewards(deps: AppDeps, now: Date) {
  const due = await findExpiringRewards(deps.db, now, new Date(now.getTime() + reminderWindowMs), batchSize);
  let reminded = 0;
  for (const reward of due) {
    const until = formatAccraDate(reward.expiresAt!.toISOString());
    const message = `Your ${reward.discountPercent ?? ""}% off at ${reward.companyName} expires on ${until}. Use it before then.`;
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
    if (reward.phone && reward.phoneVerified && reward.smsConsent) {
      await deliverQuietly(deps, "reward expiry SMS", () =>
        deps.sms.send(reward.phone!, `${brand.name}: ${message} ${deps.config.appUrl}/rewards`),
      );
    }
  }
  return reminded;
}
