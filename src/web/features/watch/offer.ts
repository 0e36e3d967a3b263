import { rewardTypeLabels } from "../../../shared/contracts/ad-options";
import type { ViewerAd } from "../../../shared/contracts/ads";

/** What watching this ad earns, in a few words ("15% off", "+25 XP", "Earn a badge"). */
export function offerLabel(ad: Pick<ViewerAd, "rewardType" | "discountPercent" | "xpPointsReward">): string {
  switch (ad.rewardType) {
    case "discount":
      return ad.discountPercent ? `${ad.discountPercent}% off` : rewardTypeLabels.discount;
    case "xp":
      return ad.xpPointsReward > 0 ? `+${ad.xpPointsReward} XP` : rewardTypeLabels.xp;
    case "badge":
      return "Earn a badge";
    case "experience":
      return `Unlock ${rewardTypeLabels.experience.toLowerCase()}`;
    case "prize_entry":
      return `Earn a ${rewardTypeLabels.prize_entry.toLowerCase()}`;
    default:
      return rewardTypeLabels[ad.rewardType];
  }
}
