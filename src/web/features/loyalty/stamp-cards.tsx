import { CircleCheck, Gift } from "lucide-react";
import type { LoyaltyCard, LoyaltyCardsResponse } from "../../../shared/contracts/counter";
import { ProgressBar } from "../../components/ui/progress-bar";
import { formatAccraDate } from "../../lib/dates";
import { initialsOf } from "../../lib/format";

const numberFormat = new Intl.NumberFormat("en-GH");

function CompanyMark({ card }: { card: LoyaltyCard }) {
  return (
    <span className="relative flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-amber-100 text-sm font-bold text-amber-900">
      <span aria-hidden>{initialsOf(card.companyName)}</span>
      {card.companyLogo && (
        <img
          src={card.companyLogo}
          alt=""
          width={44}
          height={44}
          loading="lazy"
          className="absolute inset-0 size-full object-cover"
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
        />
      )}
    </span>
  );
}

/** One dot per stamp the card needs, filled for each collected; the count is read out, not the dots. */
function StampDots({ current, required }: { current: number; required: number }) {
  const filled = Math.min(Math.max(current, 0), required);
  const dot = required > 12 ? "size-6" : "size-8";
  return (
    <div role="img" aria-label={`${filled} of ${required} stamps`} className="mt-3 flex flex-wrap gap-2">
      {Array.from({ length: required }, (_, index) => (
        <span
          key={index}
          className={`${dot} rounded-full ${index < filled ? "bg-amber-600 ring-2 ring-amber-700" : "bg-white ring-2 ring-stone-400"}`}
        />
      ))}
    </div>
  );
}

function StampCardItem({ card }: { card: LoyaltyCard }) {
  const left = Math.max(card.requiredStamps - card.currentStamps, 0);
  const waiting = card.rewardUnlocked && !card.rewardClaimed;
  const done = card.isCompleted && !waiting;
  return (
    <li
      data-testid="stamp-card"
      className={`rounded-2xl p-4 ring-1 ${waiting ? "bg-green-50 ring-2 ring-green-600" : done ? "bg-stone-50 ring-stone-200" : "bg-white ring-stone-200"}`}
    >
      <div className="flex items-start gap-3">
        <CompanyMark card={card} />
        <div className="min-w-0 flex-1">
          <h3 className="font-bold text-stone-900">{card.companyName}</h3>
          <p className="text-sm text-stone-600">{card.programName}</p>
        </div>
      </div>
      <StampDots current={card.currentStamps} required={card.requiredStamps} />
      {waiting ? (
        <p className="mt-3 flex items-start gap-2 rounded-xl bg-green-700 px-3 py-2 font-bold text-white">
          <Gift className="mt-0.5 size-5 shrink-0" aria-hidden />
          Reward ready — show this QR to claim {card.rewardTitle}
        </p>
      ) : done ? (
        <p className="mt-3 flex items-center gap-2 text-sm font-semibold text-stone-700">
          <CircleCheck className="size-4 text-green-700" aria-hidden />
          {card.rewardClaimed ? `Completed. ${card.rewardTitle} claimed.` : "Completed."}
        </p>
      ) : (
        <p className="mt-3 text-sm text-stone-800">
          {card.currentStamps} of {card.requiredStamps} stamps ·{" "}
          <strong>
            {left} more for {card.rewardTitle}
          </strong>
        </p>
      )}
      {card.expiresAt && !done && (
        <p className="mt-1 text-xs text-stone-600">Valid until {formatAccraDate(card.expiresAt)}</p>
      )}
    </li>
  );
}

/** The member's stamp cards as the server orders them (active first). */
export function StampCardList({ cards }: { cards: LoyaltyCard[] }) {
  if (cards.length === 0) {
    return (
      <div data-testid="stamp-cards-empty" className="py-2">
        <p className="font-bold text-stone-900">No stamp cards yet</p>
        <p className="mt-1 text-stone-700">
          When you buy at a partner shop, staff scan the QR above. Your first stamp starts a card for that
          shop, and a full card unlocks its reward.
        </p>
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Stamp cards">
      {cards.map((card) => (
        <StampCardItem key={card.id} card={card} />
      ))}
    </ul>
  );
}

/** Points: the balance, today's against the daily limit, and what they are for. */
export function PointsSummary({
  points,
}: {
  points: Pick<LoyaltyCardsResponse, "pointsBalance" | "pointsToday" | "dailyPointLimit">;
}) {
  const { pointsBalance, pointsToday, dailyPointLimit } = points;
  return (
    <div data-testid="points-summary">
      <p className="text-stone-900">
        <span className="text-4xl font-extrabold">{numberFormat.format(pointsBalance)}</span>{" "}
        <span className="font-semibold">points</span>
      </p>
      <p className="mt-3 text-sm font-medium text-stone-800">
        Today: {numberFormat.format(pointsToday)} of {numberFormat.format(dailyPointLimit)} points
      </p>
      <ProgressBar
        label="Points today"
        value={pointsToday}
        max={dailyPointLimit}
        valueText={`${pointsToday} of ${dailyPointLimit} points today`}
        className="mt-1"
      />
      <p className="mt-3 text-sm text-stone-700">Every 100 points earn a prize-draw entry.</p>
    </div>
  );
}
