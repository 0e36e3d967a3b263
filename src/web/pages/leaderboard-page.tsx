import { Trophy } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { brand } from "../../shared/brand";
import { profileCityOptions } from "../../shared/contracts/profile-options";
import { type LeaderboardPeriod, leaderboardPeriods } from "../../shared/contracts/referrals";
import { paths } from "../app/paths";
import { buttonClass } from "../components/ui/button";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { useLeaderboard } from "../features/referrals/api";
import { LeaderboardTable } from "../features/referrals/leaderboard-table";
import { useAuth } from "../lib/auth";

const periodLabels: Record<LeaderboardPeriod, string> = { week: "This week", month: "This month" };

function asPeriod(value: string | null): LeaderboardPeriod {
  return leaderboardPeriods.find((period) => period === value) ?? "week";
}

function asCity(value: string | null): string | undefined {
  return profileCityOptions.find((city) => city === value);
}

/** /leaderboard: who earned the most XP this week or month, overall or in a city (public). */
export default function LeaderboardPage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const period = asPeriod(searchParams.get("period"));
  const city = asCity(searchParams.get("city"));
  const query = useLeaderboard(period, city);

  useEffect(() => {
    document.title = `Leaderboard · ${brand.name}`;
  }, []);

  function choose(change: { period?: LeaderboardPeriod; city?: string | null }) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (change.period) next.set("period", change.period);
        if (change.city !== undefined) {
          if (change.city) next.set("city", change.city);
          else next.delete("city");
        }
        return next;
      },
      { replace: true },
    );
  }

  const you = query.data?.you;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <header className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <Trophy className="size-5" aria-hidden />
        </span>
        <div>
          <h1 className="text-2xl font-extrabold text-stone-900">Leaderboard</h1>
          <p className="text-sm text-stone-600">
            XP earned {period === "week" ? "since Monday" : "since the 1st"}.
          </p>
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        <div role="tablist" aria-label="Period" className="inline-flex rounded-xl bg-stone-100 p-1">
          {leaderboardPeriods.map((option) => (
            <button
              key={option}
              type="button"
              role="tab"
              aria-selected={period === option}
              onClick={() => choose({ period: option })}
              className={`rounded-lg px-4 py-1.5 text-sm font-semibold ${period === option ? "bg-white text-stone-900 shadow-sm" : "text-stone-600"}`}
            >
              {periodLabels[option]}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-stone-700">
          City
          <select
            value={city ?? ""}
            onChange={(event) => choose({ city: event.target.value || null })}
            className="rounded-lg border border-stone-300 bg-white px-2 py-1.5"
          >
            <option value="">All of Ghana</option>
            {profileCityOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </div>

      {you && (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="leaderboard-you">
          {you.optedOut ? (
            <>
              You're hidden from the leaderboards ({you.xp} XP this {period}).{" "}
              <Link to={paths.profile} className="font-semibold underline">
                Change this in your profile
              </Link>
              .
            </>
          ) : you.rank ? (
            <>
              You're <strong>#{you.rank}</strong> with {you.xp} XP this {period}.
            </>
          ) : you.xp > 0 ? (
            `You have ${you.xp} XP this ${period}${city ? `, but your profile city isn't ${city}` : ""}.`
          ) : (
            `Earn XP this ${period} to get on the board.`
          )}
        </p>
      )}

      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <LeaderboardTable board={query.data} />
      )}

      {!user && (
        <div className="rounded-2xl bg-white p-5 text-center ring-1 ring-stone-200">
          <p className="text-stone-700">Want your name up here? Watch ads from local brands and earn XP.</p>
          <Link to={paths.register} className={buttonClass("primary", "mt-3")}>
            Join {brand.name}
          </Link>
        </div>
      )}
    </div>
  );
}
