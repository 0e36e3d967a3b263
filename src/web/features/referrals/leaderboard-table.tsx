import { Trophy } from "lucide-react";
import type { Leaderboard } from "../../../shared/contracts/referrals";
import { tierLabel } from "../../../shared/tiers";
import { useT } from "../../lib/i18n";

/** The board's rows (display names only), the member's own row highlighted. */
export function LeaderboardTable({ board }: { board: Leaderboard }) {
  const t = useT();
  if (board.entries.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 text-center text-stone-600 ring-1 ring-stone-200">
        {t("leaderboard.empty", { period: board.period })}
      </p>
    );
  }
  return (
    <ol
      className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200"
      data-testid="leaderboard"
    >
      {board.entries.map((entry, index) => (
        <li
          key={`${entry.rank}-${entry.displayName}-${index}`}
          aria-current={entry.isYou ? "true" : undefined}
          className={`flex items-center gap-3 px-4 py-3 ${entry.isYou ? "bg-amber-50 font-semibold" : ""}`}
        >
          <span className="w-8 shrink-0 text-center text-stone-500">
            {entry.rank <= 3 ? (
              <Trophy
                className={`mx-auto size-5 ${medal(entry.rank)}`}
                aria-label={t("leaderboard.rank", { rank: entry.rank })}
              />
            ) : (
              entry.rank
            )}
          </span>
          <span className="min-w-0 flex-1 truncate text-stone-900">
            {entry.displayName}
            {entry.isYou && (
              <span className="ml-2 text-xs font-normal text-amber-700">{t("leaderboard.you")}</span>
            )}
          </span>
          <span className="hidden text-xs text-stone-500 sm:inline">{tierLabel(entry.tier)}</span>
          <span className="shrink-0 tabular-nums text-stone-900">
            {t("leaderboard.xp", { xp: entry.xp.toLocaleString("en-GH") })}
          </span>
        </li>
      ))}
    </ol>
  );
}

function medal(rank: number): string {
  return rank === 1 ? "text-amber-500" : rank === 2 ? "text-stone-400" : "text-orange-700";
}
