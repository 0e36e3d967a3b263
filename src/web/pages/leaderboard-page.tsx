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
import { answerLabel } from "../features/profile/questions";
import { useLeaderboard } from "../features/referrals/api";
import { LeaderboardTable } from "../features/referrals/leaderboard-table";
import { useAuth } from "../lib/auth";
import { useT } from "../lib/i18n";
import type { UiKey } from "../lib/language";
import { slotMark, withSlots } from "../lib/rich-text";

const periodLabels: Record<LeaderboardPeriod, UiKey> = {
  week: "leaderboard.week",
  month: "leaderboard.month",
};

function asPeriod(value: string | null): LeaderboardPeriod {
  return leaderboardPeriods.find((period) => period === value) ?? "week";
}

function asCity(value: string | null): string | undefined {
  return profileCityOptions.find((city) => city === value);
}

/** /leaderboard: who earned the most XP this week or month, overall or in a city (public). */
export default function LeaderboardPage() {
  const t = useT();
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const period = asPeriod(searchParams.get("period"));
  const city = asCity(searchParams.get("city"));
  const query = useLeaderboard(period, city);

  useEffect(() => {
    document.title = t("leaderboard.docTitle", { brand: brand.name });
  }, [t]);

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
  const cityName = (value: string) => {
    const key = answerLabel("city", value);
    return key ? t(key) : value;
  };
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <header className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <Trophy className="size-5" aria-hidden />
        </span>
        <div>
          <h1 className="text-2xl font-extrabold text-stone-900">{t("leaderboard.heading")}</h1>
          <p className="text-sm text-stone-600">
            {t(period === "week" ? "leaderboard.sinceMonday" : "leaderboard.sinceFirst")}
          </p>
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        <div
          role="tablist"
          aria-label={t("leaderboard.period")}
          className="inline-flex rounded-xl bg-stone-100 p-1"
        >
          {leaderboardPeriods.map((option) => (
            <button
              key={option}
              type="button"
              role="tab"
              aria-selected={period === option}
              onClick={() => choose({ period: option })}
              className={`rounded-lg px-4 py-1.5 text-sm font-semibold ${period === option ? "bg-white text-stone-900 shadow-sm" : "text-stone-600"}`}
            >
              {t(periodLabels[option])}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-stone-700">
          {t("leaderboard.city")}
          <select
            value={city ?? ""}
            onChange={(event) => choose({ city: event.target.value || null })}
            className="rounded-lg border border-stone-300 bg-white px-2 py-1.5"
          >
            <option value="">{t("leaderboard.allOfGhana")}</option>
            {profileCityOptions.map((option) => (
              <option key={option} value={option}>
                {cityName(option)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {you && (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="leaderboard-you">
          {you.optedOut ? (
            <>
              {t("leaderboard.youHidden", { xp: you.xp, period })}{" "}
              <Link to={paths.profile} className="font-semibold underline">
                {t("leaderboard.changeInProfile")}
              </Link>
              .
            </>
          ) : you.rank ? (
            withSlots(t("leaderboard.youRank", { rank: slotMark("rank"), xp: you.xp, period }), {
              rank: <strong>#{you.rank}</strong>,
            })
          ) : you.xp > 0 ? (
            city ? (
              t("leaderboard.youHaveNotCity", { xp: you.xp, period, city: cityName(city) })
            ) : (
              t("leaderboard.youHave", { xp: you.xp, period })
            )
          ) : (
            t("leaderboard.earnToGetOn", { period })
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
          <p className="text-stone-700">{t("leaderboard.wantYourName")}</p>
          <Link to={paths.register} className={buttonClass("primary", "mt-3")}>
            {t("leaderboard.join", { brand: brand.name })}
          </Link>
        </div>
      )}
    </div>
  );
}
