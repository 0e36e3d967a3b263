import { Medal } from "lucide-react";
import type { EarnedBadge } from "../../../shared/contracts/rewards";
import { formatAccraDate } from "../../lib/dates";

/** Earned badges, newest first; the empty state says how to earn the first. */
export function BadgeShelf({ badges }: { badges: EarnedBadge[] }) {
  if (badges.length === 0) {
    return (
      <p data-testid="badges-empty" className="text-stone-600">
        No badges yet. Discover your first local brand to earn <strong>First Discovery</strong>.
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
