import { CheckCircle2, Circle, Swords, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { brand } from "../../../shared/brand";
import type { CompetitionProgress, DrawEntrySourceKind } from "../../../shared/contracts/draws";
import { tierLabel } from "../../../shared/tiers";
import { drawPath } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ProgressBar } from "../../components/ui/progress-bar";
import { Skeleton } from "../../components/ui/skeleton";
import { formatAccraDate, formatAccraDateTime } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import { useIsOnline } from "../../lib/network-status";
import { useCompetitions, useMyDrawEntries } from "./api";

const sourceLabels: Record<DrawEntrySourceKind, UiKey> = {
  prize_entry: "draw.source.prizeEntry",
  loyalty_cycle: "draw.source.loyaltyCycle",
  points: "draw.source.points",
  tier: "draw.source.tier",
};

/** Stands in for the entry count in the sentence, so the count can be drawn bold wherever it falls. */
const countSlot = "\u0000";

/**
 * A panel that could not load says so in place (the rest of the page still works). Offline it says what
 * shows once connected, with no button: the reconnect reads it again by itself.
 */
function PanelError({ message, offline, onRetry }: { message: string; offline: string; onRetry(): void }) {
  const online = useIsOnline();
  const t = useT();
  if (!online) {
    return (
      <p role="status" className="text-stone-700">
        {offline}
      </p>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-stone-700">
      <p>{message}</p>
      <Button variant="secondary" className="min-h-11" onClick={onRetry}>
        {t("rewards.tryAgain")}
      </Button>
    </div>
  );
}

function PanelSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-2" role="status" aria-label={label}>
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}

/** My Rewards' "This month's draw": entries x of 10, where they came from, and recent results. */
export function MyDrawPanel() {
  const query = useMyDrawEntries();
  const t = useT();
  return (
    <Card title={t("draw.title")} icon={<Ticket className="size-5" aria-hidden />} testId="my-draw">
      {query.isPending ? (
        <PanelSkeleton label={t("draw.loadingEntries")} />
      ) : query.isError ? (
        <PanelError
          message={t("draw.loadEntriesFailed")}
          offline={t("draw.entriesOffline")}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <MyDrawBody data={query.data} />
      )}
    </Card>
  );
}

function MyDrawBody({ data }: { data: NonNullable<ReturnType<typeof useMyDrawEntries>["data"]> }) {
  const { draw, entries, maxEntries, sources, recentResults } = data;
  const t = useT();
  // The member's count is shown bold wherever the language puts it in the sentence.
  const [beforeCount, afterCount] = t("draw.entries", { entries: countSlot, max: maxEntries }).split(
    countSlot,
  );
  const dates = draw
    ? [
        draw.registrationDeadline &&
          t("draw.entriesClose", { date: formatAccraDateTime(draw.registrationDeadline) }),
        draw.drawDate && t("draw.drawOn", { date: formatAccraDateTime(draw.drawDate) }),
      ].filter(Boolean)
    : [];
  return (
    <div className="space-y-4">
      {draw ? (
        <div className="space-y-2">
          <p className="text-stone-900">
            <strong>{draw.title}</strong>: {draw.prizeTitle}
          </p>
          <div>
            <p className="text-stone-800" data-testid="my-draw-entries">
              {beforeCount}
              <strong>{entries}</strong>
              {afterCount}
            </p>
            <ProgressBar
              value={entries}
              max={maxEntries}
              label={t("draw.entriesLabel")}
              valueText={t("draw.entriesValue", { entries, max: maxEntries })}
            />
          </div>
          {sources.some((source) => source.count > 0) ? (
            <ul className="space-y-1 text-sm text-stone-700" aria-label={t("draw.sourcesLabel")}>
              {sources
                .filter((source) => source.count > 0)
                .map((source) => (
                  <li key={source.source} className="flex justify-between gap-3">
                    <span>{t(sourceLabels[source.source])}</span>
                    <span className="tabular-nums font-semibold">{source.count}</span>
                  </li>
                ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-600">{t("draw.howToEarn")}</p>
          )}
          <p className="text-sm text-stone-600">{dates.join(" ")}</p>
          <p className="text-xs text-stone-600">
            {t("draw.commitment")} <span className="font-mono break-all">{draw.commitment}</span>
          </p>
          <Link
            to={drawPath("monthly", draw.id)}
            className="inline-flex min-h-11 items-center font-semibold text-amber-800 underline"
          >
            {t("draw.seeDrawPage")}
          </Link>
        </div>
      ) : (
        <p className="text-stone-600">{t("draw.notOpen")}</p>
      )}
      {recentResults.length > 0 && (
        <div>
          <h3 className="font-semibold text-stone-900">{t("draw.recentResults")}</h3>
          <ul className="mt-1 space-y-1">
            {recentResults.map((result) => (
              <li key={result.id}>
                <Link
                  to={drawPath("monthly", result.id)}
                  className="inline-flex min-h-11 flex-wrap items-center gap-x-2 text-amber-800 underline"
                >
                  {result.title} · {formatAccraDate(result.drawnAt)}
                  {result.youWon && (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800 no-underline">
                      {t("draw.youWon")}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function Requirement({ met, children }: { met: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <li className="flex items-start gap-2">
      {met ? (
        <CheckCircle2
          className="mt-0.5 size-4 shrink-0 text-green-700"
          aria-label={t("draw.competition.done")}
        />
      ) : (
        <Circle className="mt-0.5 size-4 shrink-0 text-stone-400" aria-label={t("draw.competition.notYet")} />
      )}
      <span>{children}</span>
    </li>
  );
}

function CompetitionItem({ competition }: { competition: CompetitionProgress }) {
  const { requirements: need, progress } = competition;
  const t = useT();
  const tier = tierLabel(need.minimumTier);
  return (
    <li className="space-y-2 rounded-2xl p-4 ring-1 ring-stone-200" data-testid="competition">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-bold text-stone-900">{competition.title}</h3>
          <p className="text-stone-800">{t("draw.prize", { prize: competition.prizeTitle })}</p>
          {competition.sponsor && (
            <p className="text-sm text-stone-600">
              {t("draw.competition.sponsoredBy", { sponsor: competition.sponsor.name })}
            </p>
          )}
        </div>
        {progress?.eligible && (
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-bold text-green-800">
            {t("draw.competition.youreIn")}
          </span>
        )}
      </div>
      {competition.description && <p className="text-sm text-stone-700">{competition.description}</p>}
      {competition.drawDate && (
        <p className="text-sm text-stone-600">
          {t("draw.competition.drawOn", { date: formatAccraDateTime(competition.drawDate) })}
        </p>
      )}
      <ul
        className="space-y-1 text-sm text-stone-700"
        aria-label={t("draw.competition.asksFor", { title: competition.title })}
      >
        <Requirement met={progress?.tierMet ?? false}>
          {progress
            ? t("draw.competition.tierYours", { tier, current: tierLabel(progress.tier) })
            : t("draw.competition.tier", { tier })}
        </Requirement>
        {need.requiresPlus && (
          <Requirement met={progress?.plusMet ?? false}>
            {t("draw.competition.plus", { plus: brand.plusName })}
          </Requirement>
        )}
        {need.minimumValidatedRedemptions > 0 && (
          <Requirement met={(progress?.validatedRedemptions ?? 0) >= need.minimumValidatedRedemptions}>
            {progress
              ? t("draw.competition.redemptionsProgress", {
                  done: Math.min(progress.validatedRedemptions, need.minimumValidatedRedemptions),
                  needed: need.minimumValidatedRedemptions,
                })
              : t("draw.competition.redemptions", { needed: need.minimumValidatedRedemptions })}
          </Requirement>
        )}
        {need.minimumSocialShares > 0 && (
          <Requirement met={(progress?.socialShares ?? 0) >= need.minimumSocialShares}>
            {progress
              ? t("draw.competition.sharesProgress", {
                  done: Math.min(progress.socialShares, need.minimumSocialShares),
                  needed: need.minimumSocialShares,
                })
              : t("draw.competition.shares", { needed: need.minimumSocialShares })}
          </Requirement>
        )}
      </ul>
      {competition.drawn && (
        <Link
          to={drawPath("competition", competition.id)}
          className="inline-flex min-h-11 items-center font-semibold text-amber-800 underline"
        >
          {t("draw.competition.seeResult")}
        </Link>
      )}
    </li>
  );
}

/** My Rewards' "Competitions": each one's prize and rules, and how far the member is toward entering. */
export function CompetitionsPanel() {
  const query = useCompetitions();
  const t = useT();
  return (
    <Card
      title={t("draw.competitions.title")}
      description={t("draw.competitions.description")}
      icon={<Swords className="size-5" aria-hidden />}
      testId="competitions"
    >
      {query.isPending ? (
        <PanelSkeleton label={t("draw.competitions.loading")} />
      ) : query.isError ? (
        <PanelError
          message={t("draw.competitions.loadFailed")}
          offline={t("draw.competitions.offline")}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.competitions.length === 0 ? (
        <p className="text-stone-600">{t("draw.competitions.none")}</p>
      ) : (
        <ul className="space-y-3">
          {query.data.competitions.map((competition) => (
            <CompetitionItem key={competition.id} competition={competition} />
          ))}
        </ul>
      )}
    </Card>
  );
}
