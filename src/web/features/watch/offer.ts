import type { ViewerAd } from "../../../shared/contracts/ads";
import { formatCedis } from "../../../shared/money";
import { translate } from "../../lib/language";

/** What watching this ad earns, in a few words ("15% off", "+25 XP", "Earn a badge"). */
export function offerLabel(
  ad: Pick<ViewerAd, "rewardType" | "discountPercent" | "xpPointsReward" | "drawPrize" | "cashbackPesewas">,
): string {
  switch (ad.rewardType) {
    case "discount":
      return ad.discountPercent
        ? translate("viewer.offer.percentOff", { percent: ad.discountPercent })
        : translate("viewer.offer.discount");
    case "xp":
      return ad.xpPointsReward > 0
        ? translate("viewer.offer.xp", { xp: ad.xpPointsReward })
        : translate("viewer.offer.xpPlain");
    case "badge":
      return translate("viewer.offer.badge");
    case "experience":
      return translate("viewer.offer.experience");
    case "prize_entry":
      // The month's draw's own prize, never the ad's words (docs/product-rules.md#ads-prize-entry-shows-the-draws-prize).
      return ad.drawPrize
        ? translate("viewer.offer.prizeEntryFor", { prize: ad.drawPrize })
        : translate("viewer.offer.prizeEntry");
    case "cashback":
      return translate("viewer.offer.cashback", { amount: formatCedis(ad.cashbackPesewas ?? 0) });
  }
}
