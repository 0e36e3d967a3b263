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
import { useCompetitions, useMyDrawEntries } from "./api";

const sourceLabels: Record<DrawEntrySourceKind, string> = {
  prize_entry: "Prize-entry rewards",
  loyalty_cycle: "Completed loyalty cards",
  points: "Points",
  tier: "Tier bonus",
};

/** A panel that could not load says so in place (the rest of the page still works). */
function PanelError({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-stone-700">
      <p>We couldn't load {what}.</p>
      <Button variant="secondary" className="min-h-11" onClick={onRetry}>
        Try again
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
  return (
    <Card title="This month's draw" icon={<Ticket className="size-5" aria-hidden />} testId="my-draw">
      {query.isPending ? (
        <PanelSkeleton label="Loading your draw entries" />
      ) : query.isError ? (
        <PanelError what="your draw entries" onRetry={() => void query.refetch()} />
      ) : (
        <MyDrawBody data={query.data} />
      )}
    </Card>
  );
}

function MyDrawBody({ data }: { data: NonNullable<ReturnType<typeof useMyDrawEntries>["data"]> }) {
  const { draw, entries, maxEntries, sources, recentResults } = data;
  return (
    <div className="space-y-4">
      {draw ? (
        <div className="space-y-2">
          <p className="text-stone-900">
            <strong>{draw.title}</strong>: {draw.prizeTitle}
          </p>
          <div>
            <p className="text-stone-800" data-testid="my-draw-entries">
              You have <strong>{entries}</strong> of {maxEntries} entries.
            </p>
            <ProgressBar
              value={entries}
              max={maxEntries}
              label="Draw entries"
              valueText={`${entries} of ${maxEntries} entries`}
            />
          </div>
          {sources.some((source) => source.count > 0) ? (
            <ul className="space-y-1 text-sm text-stone-700" aria-label="Where your entries came from">
              {sources
                .filter((source) => source.count > 0)
                .map((source) => (
                  <li key={source.source} className="flex justify-between gap-3">
                    <span>{sourceLabels[source.source]}</span>
                    <span className="tabular-nums font-semibold">{source.count}</span>
                  </li>
                ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-600">
              Earn entries with prize-entry rewards, completed loyalty cards and points; higher tiers get
              bonus entries.
            </p>
          )}
          <p className="text-sm text-stone-600">
            {draw.registrationDeadline && (
              <>Entries close {formatAccraDateTime(draw.registrationDeadline)}. </>
            )}
            {draw.drawDate && <>Draw on {formatAccraDateTime(draw.drawDate)} (Accra time).</>}
          </p>
          <p className="text-xs text-stone-600">
            Fairness commitment (SHA-256 of the draw's secret seed):{" "}
            <span className="font-mono break-all">{draw.commitment}</span>
          </p>
          <Link
            to={drawPath("monthly", draw.id)}
            className="inline-flex min-h-11 items-center font-semibold text-amber-800 underline"
          >
            See the draw page
          </Link>
        </div>
      ) : (
        <p className="text-stone-600">This month's draw hasn't opened yet.</p>
      )}
      {recentResults.length > 0 && (
        <div>
          <h3 className="font-semibold text-stone-900">Recent results</h3>
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
                      You won!
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
  return (
    <li className="flex items-start gap-2">
      {met ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-label="Done" />
      ) : (
        <Circle className="mt-0.5 size-4 shrink-0 text-stone-400" aria-label="Not yet" />
      )}
      <span>{children}</span>
    </li>
  );
}

function CompetitionItem({ competition }: { competition: CompetitionProgress }) {
  const { requirements: need, progress } = competition;
  return (
    <li className="space-y-2 rounded-2xl p-4 ring-1 ring-stone-200" data-testid="competition">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-bold text-stone-900">{competition.title}</h3>
          <p className="text-stone-800">Prize: {competition.prizeTitle}</p>
          {competition.sponsor && (
            <p className="text-sm text-stone-600">Sponsored by {competition.sponsor.name}</p>
          )}
        </div>
        {progress?.eligible && (
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-bold text-green-800">
            You're in
          </span>
        )}
      </div>
      {competition.description && <p className="text-sm text-stone-700">{competition.description}</p>}
      {competition.drawDate && (
        <p className="text-sm text-stone-600">
          Draw on {formatAccraDateTime(competition.drawDate)} (Accra time)
        </p>
      )}
      <ul className="space-y-1 text-sm text-stone-700" aria-label={`What ${competition.title} asks for`}>
        <Requirement met={progress?.tierMet ?? false}>
          {tierLabel(need.minimumTier)} tier or higher
          {progress ? ` (you're ${tierLabel(progress.tier)})` : ""}
        </Requirement>
        {need.requiresPlus && (
          <Requirement met={progress?.plusMet ?? false}>{brand.plusName} member</Requirement>
        )}
        {need.minimumValidatedRedemptions > 0 && (
          <Requirement met={(progress?.validatedRedemptions ?? 0) >= need.minimumValidatedRedemptions}>
            Redeem rewards at a counter{" "}
            {progress
              ? `${Math.min(progress.validatedRedemptions, need.minimumValidatedRedemptions)}/${need.minimumValidatedRedemptions}`
              : `${need.minimumValidatedRedemptions} times`}{" "}
            this month
          </Requirement>
        )}
        {need.minimumSocialShares > 0 && (
          <Requirement met={(progress?.socialShares ?? 0) >= need.minimumSocialShares}>
            Verified shares{" "}
            {progress
              ? `${Math.min(progress.socialShares, need.minimumSocialShares)}/${need.minimumSocialShares}`
              : `${need.minimumSocialShares}`}{" "}
            this month
          </Requirement>
        )}
      </ul>
      {competition.drawn && (
        <Link
          to={drawPath("competition", competition.id)}
          className="inline-flex min-h-11 items-center font-semibold text-amber-800 underline"
        >
          See the result
        </Link>
      )}
    </li>
  );
}

/** My Rewards' "Competitions": each one's prize and rules, and how far the member is toward entering. */
export function CompetitionsPanel() {
  const query = useCompetitions();
  return (
    <Card
      title="Competitions"
      description="Meet every requirement this month and you're entered automatically."
      icon={<Swords className="size-5" aria-hidden />}
      testId="competitions"
    >
      {query.isPending ? (
        <PanelSkeleton label="Loading competitions" />
      ) : query.isError ? (
        <PanelError what="the competitions" onRetry={() => void query.refetch()} />
      ) : query.data.competitions.length === 0 ? (
        <p className="text-stone-600">No competitions this month. Check back soon.</p>
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
