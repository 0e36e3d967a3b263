import { Medal, Ticket } from "lucide-react";
import type { DrawStanding, EarnedBadge } from "../../../shared/contracts/rewards";
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

/** This month's prize-draw entries, with the draw's published fairness commitment. */
export function DrawCard({ draw }: { draw: DrawStanding }) {
  return (
    <section
      aria-labelledby="draw-title"
      className="flex items-start gap-3 rounded-2xl bg-amber-50 p-4"
      data-testid="draw-standing"
    >
      <Ticket className="mt-1 size-6 shrink-0 text-amber-700" aria-hidden />
      <div className="min-w-0">
        <h2 id="draw-title" className="font-bold text-stone-900">
          {draw.title}
        </h2>
        <p className="text-stone-700">
          You have {draw.entries} {draw.entries === 1 ? "entry" : "entries"} (up to {draw.maxEntries} a
          month). Prize: {draw.prizeTitle}.
        </p>
        {draw.drawDate && <p className="text-sm text-stone-600">Draw on {formatAccraDate(draw.drawDate)}</p>}
        {draw.seedHash && (
          <p className="mt-1 text-xs text-stone-500">
            Fairness commitment (SHA-256 of the draw's secret seed):{" "}
            <span className="font-mono break-all">{draw.seedHash}</span>
          </p>
        )}
      </div>
    </section>
  );
}
