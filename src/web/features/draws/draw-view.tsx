import { CheckCircle2, Download, PartyPopper, ShieldCheck, TriangleAlert, Trophy } from "lucide-react";
import { Fragment, type ReactNode, useMemo, useState } from "react";
import { brand } from "../../../shared/brand";
import type { DrawPublic } from "../../../shared/contracts/draws";
import type { DrawExclusionReason } from "../../../shared/draw-exclusions";
import { Button, buttonClass } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDateTime } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import { drawRecordUrl, useClaimPrize } from "./api";
import { checkDrawInBrowser } from "./draw-check";

/** A long entry list shows this many rows until the visitor asks for all of them. */
const entriesShownFirst = 50;

/** Marks the ends of a value that a translated sentence draws as an element (bold, code). */
const mark = "\u0000";
/** Stands in for a named value drawn as an element, wherever the language puts it in the sentence. */
const slot = (name: string) => `${mark}${name}${mark}`;

/** A translated sentence whose `slot(name)` values are drawn as `nodes[name]`. */
function Sentence({ text, nodes }: { text: string; nodes: Record<string, ReactNode> }) {
  return (
    <>
      {text.split(mark).map((part, index) => (
        <Fragment key={index}>{index % 2 === 0 ? part : nodes[part]}</Fragment>
      ))}
    </>
  );
}

/** One fact of the draw: a `dt` and its `dd` in a div, the only wrapper a `dl` may hold. */
function Fact({
  label,
  children,
  testId,
  half = false,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  /** Half the row, beside another half fact. */
  half?: boolean;
}) {
  return (
    <div className={`min-w-0 ${half ? "col-span-1" : "col-span-2"}`}>
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className="mt-0.5 break-words text-stone-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Hex({ value }: { value: string }) {
  return <span className="font-mono text-sm break-all">{value}</span>;
}

/** The result re-computed on this phone, from the values on this page. */
function BrowserVerification({ draw }: { draw: DrawPublic }) {
  const result = useMemo(() => checkDrawInBrowser(draw), [draw]);
  const t = useT();
  if (result.state === "not-drawn") {
    return (
      <div
        role="status"
        data-testid="draw-verification"
        className="rounded-2xl bg-stone-100 p-4 text-stone-700 ring-1 ring-stone-200"
      >
        <p className="font-semibold text-stone-900">{t("draw.check.notDrawn")}</p>
        <p className="mt-1 text-sm">{t("draw.check.notDrawnText")}</p>
      </div>
    );
  }
  const { check } = result;
  if (check.holds) {
    return (
      <div
        role="status"
        data-testid="draw-verification"
        className="flex items-start gap-3 rounded-2xl bg-green-50 p-4 text-green-900 ring-1 ring-green-200"
      >
        <ShieldCheck className="mt-0.5 size-6 shrink-0 text-green-700" aria-hidden />
        <p>
          <strong>{t("draw.check.verified")}</strong> {t("draw.check.verifiedText")}
        </p>
      </div>
    );
  }
  return (
    <div
      role="alert"
      data-testid="draw-verification"
      className="rounded-2xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200"
    >
      <p className="flex items-center gap-2 font-bold">
        <TriangleAlert className="size-5 shrink-0" aria-hidden /> {t("draw.check.failed")}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {check.problems.map((problem, index) => (
          <li key={`${index}-${problem.key}`}>{t(problem.key, problem.values)}</li>
        ))}
      </ul>
    </div>
  );
}

function EntryList({ draw }: { draw: DrawPublic }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? draw.entries : draw.entries.slice(0, entriesShownFirst);
  const yours = draw.entries.find((entry) => entry.member === draw.yourMember);
  const t = useT();
  if (draw.entries.length === 0) {
    return (
      <p className="text-stone-600">{t(draw.drawnAt ? "draw.entries.noneMade" : "draw.entries.noneYet")}</p>
    );
  }
  return (
    <div className="space-y-3">
      {yours && (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <Sentence
            text={t("draw.entries.yours", { member: slot("member"), count: yours.count })}
            nodes={{ member: <span className="font-mono font-semibold">{yours.member}</span> }}
          />
        </p>
      )}
      <ol
        className="divide-y divide-stone-100 rounded-xl ring-1 ring-stone-200"
        aria-label={t("draw.entries.title")}
      >
        {shown.map((entry) => {
          const isYours = entry.member === draw.yourMember;
          const isWinner = entry.member === draw.winner?.member;
          return (
            <li
              key={entry.member}
              className={`flex items-center justify-between gap-3 px-3 py-2 ${isYours ? "bg-amber-50" : ""}`}
            >
              <span className="min-w-0 font-mono text-sm break-all">
                {entry.member}
                {isYours && (
                  <span className="ml-2 font-sans font-semibold text-amber-800">{t("draw.entries.you")}</span>
                )}
                {isWinner && (
                  <span className="ml-2 font-sans font-semibold text-green-800">
                    {t("draw.entries.winner")}
                  </span>
                )}
              </span>
              <span className="shrink-0 text-sm tabular-nums text-stone-700">
                {t("draw.entries.count", { count: entry.count })}
              </span>
            </li>
          );
        })}
      </ol>
      {draw.entries.length > shown.length && (
        <Button variant="secondary" className="min-h-11 w-full" onClick={() => setShowAll(true)}>
          {t("draw.entries.showAll", { count: draw.entries.length })}
        </Button>
      )}
    </div>
  );
}

const exclusionText = {
  suspended: "draw.excluded.reason.suspended",
  deleted: "draw.excluded.reason.deleted",
  not_consumer: "draw.excluded.reason.not_consumer",
} as const satisfies Record<DrawExclusionReason, UiKey>;

/** Entries of the frozen list left out at the draw, and why: they are in the hash, without tickets. */
function ExcludedEntries({ draw }: { draw: DrawPublic }) {
  const t = useT();
  if (draw.excluded.length === 0) return null;
  return (
    <div className="mt-4 space-y-2" data-testid="draw-excluded">
      <h3 className="font-bold text-stone-900">{t("draw.excluded.title")}</h3>
      <p className="text-sm text-stone-600">{t("draw.excluded.intro")}</p>
      <ul
        className="divide-y divide-stone-100 rounded-xl ring-1 ring-stone-200"
        aria-label={t("draw.excluded.title")}
      >
        {draw.excluded.map((entry) => (
          <li key={entry.member} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="min-w-0 font-mono text-sm break-all text-stone-700">{entry.member}</span>
            <span className="shrink-0 text-right text-sm text-stone-600">
              {t("draw.entries.count", { count: entry.count })} · {t(exclusionText[entry.reason])}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ClaimPrize({ draw }: { draw: DrawPublic }) {
  const claim = useClaimPrize(draw.kind, draw.id);
  const t = useT();
  if (claim.isSuccess || (draw.prizeClaimed && draw.yourMember === draw.winner?.member)) {
    return (
      <p
        className="flex items-center gap-2 font-semibold text-green-800"
        data-testid="prize-claimed"
        role="status"
      >
        <CheckCircle2 className="size-5" aria-hidden /> {t("draw.claim.claimed")}
      </p>
    );
  }
  if (!draw.canClaim) return null;
  return (
    <div className="space-y-2">
      <Button
        className="min-h-11 w-full sm:w-auto"
        pending={claim.isPending}
        pendingLabel={t("draw.claim.claiming")}
        onClick={() =>
          claim.mutate(undefined, {
            onSuccess: () =>
              toast({
                title: t("draw.claim.claimedToast"),
                description: t("draw.claim.claimedToastText"),
              }),
          })
        }
      >
        <PartyPopper className="size-5" aria-hidden /> {t("draw.claim.button")}
      </Button>
      {claim.isError && <FormAlert>{serverMessage(claim.error) ?? t("draw.claim.failed")}</FormAlert>}
    </div>
  );
}

/** A draw's public page: the prize, the published numbers, the entries, and the check in the browser. */
export function DrawView({ draw }: { draw: DrawPublic }) {
  const youWon = draw.winner !== null && draw.yourMember === draw.winner.member;
  const recordUrl = drawRecordUrl(draw.kind, draw.id);
  const t = useT();
  return (
    <article className="mx-auto max-w-2xl space-y-4 px-4 py-6" data-testid="draw-page">
      <header>
        <p className="text-sm font-semibold text-amber-800">
          {t(draw.kind === "competition" ? "draw.kind.competition" : "draw.kind.monthly")} · {draw.month}
        </p>
        <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{draw.title}</h1>
        <p className="mt-1 text-lg text-stone-800">
          <Sentence
            text={t("draw.prize", { prize: slot("prize") })}
            nodes={{ prize: <strong>{draw.prizeTitle}</strong> }}
          />
        </p>
        {draw.prizeDescription && <p className="mt-1 text-stone-600">{draw.prizeDescription}</p>}
      </header>

      <section
        aria-labelledby="draw-result-title"
        className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="draw-result-title" className="flex items-center gap-2 text-lg font-bold text-stone-900">
          <Trophy className="size-5 text-amber-700" aria-hidden /> {t("draw.result.title")}
        </h2>
        {draw.drawnAt && draw.winner ? (
          <>
            <p className="text-stone-700">
              <Sentence
                text={t("draw.result.drawn", {
                  date: formatAccraDateTime(draw.drawnAt),
                  winner: slot("winner"),
                  member: slot("member"),
                })}
                nodes={{
                  winner: (
                    <strong className="text-stone-900" data-testid="draw-winner">
                      {draw.winner.displayName}
                    </strong>
                  ),
                  member: <span className="font-mono text-sm">{draw.winner.member}</span>,
                }}
              />
            </p>
            {youWon && <p className="text-lg font-bold text-green-800">{t("draw.youWon")}</p>}
            {draw.prizeClaimed && !youWon && (
              <p className="text-sm text-stone-600">{t("draw.result.claimed")}</p>
            )}
            <ClaimPrize draw={draw} />
          </>
        ) : (
          <p className="text-stone-700">
            {draw.drawDate
              ? t("draw.result.takesPlace", { date: formatAccraDateTime(draw.drawDate) })
              : t("draw.result.dateTba")}
          </p>
        )}
        <BrowserVerification draw={draw} />
      </section>

      <section
        aria-labelledby="draw-numbers-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="draw-numbers-title" className="mb-3 text-lg font-bold text-stone-900">
          {t("draw.numbers.title")}
        </h2>
        <dl className="grid grid-cols-2 gap-3">
          <Fact label={t("draw.numbers.commitment")} testId="draw-commitment">
            <Hex value={draw.commitment} />
          </Fact>
          <Fact label={t("draw.numbers.seed")} testId="draw-seed">
            {draw.seed ? (
              <Hex value={draw.seed} />
            ) : (
              <span className="text-stone-600">{t("draw.numbers.seedLater")}</span>
            )}
          </Fact>
          <Fact label={t("draw.numbers.randomnessSource")}>
            {draw.publicRandomnessSource ?? (
              <span className="text-stone-600">{t("draw.numbers.noneAnnounced")}</span>
            )}
          </Fact>
          <Fact label={t("draw.numbers.randomness")}>
            {draw.publicRandomness ? (
              <Hex value={draw.publicRandomness} />
            ) : (
              <span className="text-stone-600">
                {t(draw.drawnAt ? "draw.numbers.noneUsed" : "draw.numbers.addedAtDraw")}
              </span>
            )}
          </Fact>
          <Fact label={t("draw.numbers.entriesHash")}>
            {draw.entriesHash ? (
              <Hex value={draw.entriesHash} />
            ) : (
              <span className="text-stone-600">
                {t(draw.entriesClosedAt ? "draw.numbers.noEntries" : "draw.numbers.publishedAtClose")}
              </span>
            )}
          </Fact>
          {draw.entriesClosedAt && (
            <Fact label={t("draw.numbers.entriesClosed")}>{formatAccraDateTime(draw.entriesClosedAt)}</Fact>
          )}
          <Fact label={t("draw.numbers.totalEntries")} testId="draw-total-entries" half>
            {draw.totalEntries}
          </Fact>
          <Fact label={t("draw.numbers.winningTicket")} testId="draw-winning-ticket" half>
            {draw.winningTicket ?? "—"}
          </Fact>
          <Fact label={t("draw.numbers.opened")}>{formatAccraDateTime(draw.openedAt)}</Fact>
          {draw.registrationDeadline && (
            <Fact label={t("draw.numbers.entriesClose")}>
              {formatAccraDateTime(draw.registrationDeadline)}
            </Fact>
          )}
          {draw.drawDate && (
            <Fact label={t("draw.numbers.drawDate")}>{formatAccraDateTime(draw.drawDate)}</Fact>
          )}
          <Fact label={t("draw.numbers.algorithm")}>
            <span className="font-mono text-sm">{draw.algorithm}</span>
          </Fact>
        </dl>
        <p className="mt-3 text-xs text-stone-600">{t("draw.numbers.accraTime")}</p>
      </section>

      <section
        aria-labelledby="draw-entries-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="draw-entries-title" className="text-lg font-bold text-stone-900">
          {t("draw.entries.title")}
        </h2>
        <p className="mb-3 text-sm text-stone-600">{t("draw.entries.intro")}</p>
        <EntryList draw={draw} />
        <ExcludedEntries draw={draw} />
      </section>

      <section
        aria-labelledby="draw-how-title"
        className="space-y-2 rounded-2xl bg-white p-5 text-stone-700 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="draw-how-title" className="text-lg font-bold text-stone-900">
          {t("draw.how.title")}
        </h2>
        <p>{t("draw.how.text")}</p>
        <p>
          <Sentence
            text={t("draw.how.algorithm", {
              algorithm: draw.algorithm,
              brand: brand.name,
              file: slot("file"),
              command: slot("command"),
            })}
            nodes={{
              file: <code className="font-mono text-sm">docs/draw-algorithm.md</code>,
              command: (
                <code className="rounded bg-stone-100 px-1 font-mono text-sm">
                  npm run verify-draw -- record.json
                </code>
              ),
            }}
          />
        </p>
        <a href={recordUrl} download className={buttonClass("secondary", "min-h-11")}>
          <Download className="size-5" aria-hidden /> {t("draw.how.download")}
        </a>
      </section>
    </article>
  );
}
