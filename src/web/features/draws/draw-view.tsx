import { CheckCircle2, Download, PartyPopper, ShieldCheck, TriangleAlert, Trophy } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { brand } from "../../../shared/brand";
import type { DrawPublic } from "../../../shared/contracts/draws";
import { Button, buttonClass } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDateTime } from "../../lib/dates";
import { drawRecordUrl, useClaimPrize } from "./api";
import { checkDrawInBrowser } from "./draw-check";

/** A long entry list shows this many rows until the visitor asks for all of them. */
const entriesShownFirst = 50;

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
  if (result.state === "not-drawn") {
    return (
      <div
        role="status"
        data-testid="draw-verification"
        className="rounded-2xl bg-stone-100 p-4 text-stone-700 ring-1 ring-stone-200"
      >
        <p className="font-semibold text-stone-900">Not drawn yet</p>
        <p className="mt-1 text-sm">
          The seed is revealed at the draw. Then this page checks, in your browser, that it matches the
          commitment below and that the winner follows from it.
        </p>
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
          <strong>Verified in your browser:</strong> SHA-256(seed) matches the commitment, the winner follows
          from the seed and the entries.
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
        <TriangleAlert className="size-5 shrink-0" aria-hidden /> This result does not check out in your
        browser
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {check.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

function EntryList({ draw }: { draw: DrawPublic }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? draw.entries : draw.entries.slice(0, entriesShownFirst);
  const yours = draw.entries.find((entry) => entry.member === draw.yourMember);
  if (draw.entries.length === 0) {
    return <p className="text-stone-600">No entries {draw.drawnAt ? "were made" : "yet"}.</p>;
  }
  return (
    <div className="space-y-3">
      {yours && (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          You're in this draw as <span className="font-mono font-semibold">{yours.member}</span> with{" "}
          {yours.count} {yours.count === 1 ? "entry" : "entries"}.
        </p>
      )}
      <ol className="divide-y divide-stone-100 rounded-xl ring-1 ring-stone-200" aria-label="Entries">
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
                {isYours && <span className="ml-2 font-sans font-semibold text-amber-800">(you)</span>}
                {isWinner && <span className="ml-2 font-sans font-semibold text-green-800">winner</span>}
              </span>
              <span className="shrink-0 text-sm tabular-nums text-stone-700">
                {entry.count} {entry.count === 1 ? "entry" : "entries"}
              </span>
            </li>
          );
        })}
      </ol>
      {draw.entries.length > shown.length && (
        <Button variant="secondary" className="min-h-11 w-full" onClick={() => setShowAll(true)}>
          Show all {draw.entries.length} members
        </Button>
      )}
    </div>
  );
}

function ClaimPrize({ draw }: { draw: DrawPublic }) {
  const claim = useClaimPrize(draw.kind, draw.id);
  if (claim.isSuccess || (draw.prizeClaimed && draw.yourMember === draw.winner?.member)) {
    return (
      <p
        className="flex items-center gap-2 font-semibold text-green-800"
        data-testid="prize-claimed"
        role="status"
      >
        <CheckCircle2 className="size-5" aria-hidden /> Prize claimed. We'll contact you to hand it over.
      </p>
    );
  }
  if (!draw.canClaim) return null;
  return (
    <div className="space-y-2">
      <Button
        className="min-h-11 w-full sm:w-auto"
        pending={claim.isPending}
        pendingLabel="Claiming…"
        onClick={() =>
          claim.mutate(undefined, {
            onSuccess: () =>
              toast({ title: "Prize claimed", description: "We'll contact you to hand it over." }),
          })
        }
      >
        <PartyPopper className="size-5" aria-hidden /> Claim your prize
      </Button>
      {claim.isError && (
        <FormAlert>
          {serverMessage(claim.error) ?? "We couldn't claim the prize. Please try again."}
        </FormAlert>
      )}
    </div>
  );
}

/** A draw's public page: the prize, the published numbers, the entries, and the check in the browser. */
export function DrawView({ draw }: { draw: DrawPublic }) {
  const youWon = draw.winner !== null && draw.yourMember === draw.winner.member;
  const recordUrl = drawRecordUrl(draw.kind, draw.id);
  return (
    <article className="mx-auto max-w-2xl space-y-4 px-4 py-6" data-testid="draw-page">
      <header>
        <p className="text-sm font-semibold text-amber-800">
          {draw.kind === "competition" ? "Competition" : "Monthly prize draw"} · {draw.month}
        </p>
        <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{draw.title}</h1>
        <p className="mt-1 text-lg text-stone-800">
          Prize: <strong>{draw.prizeTitle}</strong>
        </p>
        {draw.prizeDescription && <p className="mt-1 text-stone-600">{draw.prizeDescription}</p>}
      </header>

      <section
        aria-labelledby="draw-result-title"
        className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="draw-result-title" className="flex items-center gap-2 text-lg font-bold text-stone-900">
          <Trophy className="size-5 text-amber-700" aria-hidden /> Result
        </h2>
        {draw.drawnAt && draw.winner ? (
          <>
            <p className="text-stone-700">
              Drawn {formatAccraDateTime(draw.drawnAt)} (Accra). The winner is{" "}
              <strong className="text-stone-900" data-testid="draw-winner">
                {draw.winner.displayName}
              </strong>{" "}
              (<span className="font-mono text-sm">{draw.winner.member}</span>).
            </p>
            {youWon && <p className="text-lg font-bold text-green-800">You won!</p>}
            {draw.prizeClaimed && !youWon && (
              <p className="text-sm text-stone-600">The prize has been claimed.</p>
            )}
            <ClaimPrize draw={draw} />
          </>
        ) : (
          <p className="text-stone-700">
            {draw.drawDate
              ? `The draw takes place ${formatAccraDateTime(draw.drawDate)} (Accra time).`
              : "The draw date will be announced here."}
          </p>
        )}
        <BrowserVerification draw={draw} />
      </section>

      <section
        aria-labelledby="draw-numbers-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="draw-numbers-title" className="mb-3 text-lg font-bold text-stone-900">
          The published numbers
        </h2>
        <dl className="grid grid-cols-2 gap-3">
          <Fact
            label="Commitment: SHA-256 of the secret seed, published when the draw opened"
            testId="draw-commitment"
          >
            <Hex value={draw.commitment} />
          </Fact>
          <Fact label="Seed" testId="draw-seed">
            {draw.seed ? (
              <Hex value={draw.seed} />
            ) : (
              <span className="text-stone-600">Revealed at the draw</span>
            )}
          </Fact>
          <Fact label="Public randomness source (announced before the draw)">
            {draw.publicRandomnessSource ?? <span className="text-stone-600">None announced</span>}
          </Fact>
          <Fact label="Public randomness value">
            {draw.publicRandomness ? (
              <Hex value={draw.publicRandomness} />
            ) : (
              <span className="text-stone-600">{draw.drawnAt ? "None used" : "Added at the draw"}</span>
            )}
          </Fact>
          <Fact label="Entries hash (published when entries close)">
            {draw.entriesHash ? (
              <Hex value={draw.entriesHash} />
            ) : (
              <span className="text-stone-600">
                {draw.entriesClosedAt ? "No entries" : "Published when entries close"}
              </span>
            )}
          </Fact>
          {draw.entriesClosedAt && (
            <Fact label="Entries closed">{formatAccraDateTime(draw.entriesClosedAt)}</Fact>
          )}
          <Fact label="Total entries" testId="draw-total-entries" half>
            {draw.totalEntries}
          </Fact>
          <Fact label="Winning ticket" testId="draw-winning-ticket" half>
            {draw.winningTicket ?? "—"}
          </Fact>
          <Fact label="Opened">{formatAccraDateTime(draw.openedAt)}</Fact>
          {draw.registrationDeadline && (
            <Fact label="Entries close">{formatAccraDateTime(draw.registrationDeadline)}</Fact>
          )}
          {draw.drawDate && <Fact label="Draw date">{formatAccraDateTime(draw.drawDate)}</Fact>}
          <Fact label="Algorithm">
            <span className="font-mono text-sm">{draw.algorithm}</span>
          </Fact>
        </dl>
        <p className="mt-3 text-xs text-stone-600">Times are Accra time (GMT).</p>
      </section>

      <section
        aria-labelledby="draw-entries-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="draw-entries-title" className="text-lg font-bold text-stone-900">
          Entries
        </h2>
        <p className="mb-3 text-sm text-stone-600">
          Each member appears under an id used only in this draw, with their number of entries (at most 10).
        </p>
        <EntryList draw={draw} />
      </section>

      <section
        aria-labelledby="draw-how-title"
        className="space-y-2 rounded-2xl bg-white p-5 text-stone-700 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="draw-how-title" className="text-lg font-bold text-stone-900">
          How this works
        </h2>
        <p>
          When the draw opens we publish the SHA-256 of a secret seed (the commitment), so the seed can't be
          changed later. At the draw the seed is revealed, and the winning ticket is SHA-256 of the seed, the
          public randomness and the hash of the sorted entry list, modulo the total number of entries. Anyone
          can redo that sum: this page just did, in your browser.
        </p>
        <p>
          The algorithm ({draw.algorithm}) is described in{" "}
          <code className="font-mono text-sm">docs/draw-algorithm.md</code> in the {brand.name} source code.
          To check a downloaded record yourself, run{" "}
          <code className="rounded bg-stone-100 px-1 font-mono text-sm">
            npm run verify-draw -- record.json
          </code>
          .
        </p>
        <a href={recordUrl} download className={buttonClass("secondary", "min-h-11")}>
          <Download className="size-5" aria-hidden /> Download the record
        </a>
      </section>
    </article>
  );
}
