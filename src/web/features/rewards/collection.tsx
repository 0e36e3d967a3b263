import { Medal } from "lucide-react";
import { discoveryMilestones } from "../../../shared/badges";
import type { EarnedBadge } from "../../../shared/contracts/rewards";
import { formatAccraDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";

/** Stands in for the badge's name in the message, so the name can be drawn bold wherever it falls. */
const badgeSlot = "\u0000";

/** Earned badges, newest first; the empty state says how to earn the first. */
export function BadgeShelf({ badges }: { badges: EarnedBadge[] }) {
  const t = useT();
  if (badges.length === 0) {
    // The badge keeps its own name (badges are named in English in every language, as the shelf shows them).
    const [before, after] = t("rewards.badgesEmpty", { badge: badgeSlot }).split(badgeSlot);
    return (
      <p data-testid="badges-empty" className="text-stone-600">
        {before}
        <strong>{discoveryMilestones[0].name}</strong>
        {after}
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="badge-shelf">
      {badges.map((badge) => (
        <li key={badge.id} className="flex flex-col items-center rounded-2xl bg-stone-50 p-3 text-center">
          <span
            className="flex size-12 items-center justify-center rounded-full text-white"
            style={{ backgroundColor: badge.color }}
          >
            <Medal className="size-6" aria-hidden />
          </span>
          <span className="mt-2 font-bold text-stone-900">{badge.name}</span>
          {badge.description && <span className="text-xs text-stone-600">{badge.description}</span>}
          <span className="mt-1 text-xs text-stone-500">{formatAccraDate(badge.earnedAt)}</span>
        </li>
      ))}
    </ul>
  );
}
