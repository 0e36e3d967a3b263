import { CircleCheck, Gift } from "lucide-react";
import type { LoyaltyCard, LoyaltyCardsResponse } from "../../../shared/contracts/counter";
import { intlLocaleOf } from "../../../shared/i18n/languages";
import { formatCedis } from "../../../shared/money";
import { ProgressBar } from "../../components/ui/progress-bar";
import { formatAccraDate } from "../../lib/dates";
import { initialsOf } from "../../lib/format";
import { useLanguage, useT } from "../../lib/i18n";

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
  const t = useT();
  return (
    <div
      role="img"
      aria-label={t("loyalty.card.stamps", { current: filled, required })}
      className="mt-3 flex flex-wrap gap-2"
    >
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
  const t = useT();
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
          <span>
            {t("loyalty.card.rewardReady", { reward: card.rewardTitle })}
            {card.cashbackPesewas ? (
              <span className="block">
                {t("loyalty.card.cashback", { amount: formatCedis(card.cashbackPesewas) })}
              </span>
            ) : null}
          </span>
        </p>
      ) : done ? (
        <p className="mt-3 flex items-center gap-2 text-sm font-semibold text-stone-700">
          <CircleCheck className="size-4 text-green-700" aria-hidden />
          {card.rewardClaimed
            ? t("loyalty.card.completedClaimed", { reward: card.rewardTitle })
            : t("loyalty.card.completed")}
        </p>
      ) : (
        <p className="mt-3 text-sm text-stone-800">
          {t("loyalty.card.stamps", { current: card.currentStamps, required: card.requiredStamps })} ·{" "}
          <strong>{t("loyalty.card.more", { left, reward: card.rewardTitle })}</strong>
        </p>
      )}
      {card.expiresAt && !done && (
        <p className="mt-1 text-xs text-stone-600">
          {t("loyalty.card.validUntil", { date: formatAccraDate(card.expiresAt) })}
        </p>
      )}
    </li>
  );
}

/** The member's stamp cards as the server orders them (active first). */
export function StampCardList({ cards }: { cards: LoyaltyCard[] }) {
  const t = useT();
  if (cards.length === 0) {
    return (
      <div data-testid="stamp-cards-empty" className="py-2">
        <p className="font-bold text-stone-900">{t("loyalty.card.emptyTitle")}</p>
        <p className="mt-1 text-stone-700">{t("loyalty.card.emptyText")}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label={t("loyalty.stampCards")}>
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
  const t = useT();
  const language = useLanguage();
  const numberFormat = new Intl.NumberFormat(intlLocaleOf[language]);
  return (
    <div data-testid="points-summary">
      <p className="text-stone-900">
        <span className="text-4xl font-extrabold">{numberFormat.format(pointsBalance)}</span>{" "}
        <span className="font-semibold">{t("loyalty.points.word")}</span>
      </p>
      <p className="mt-3 text-sm font-medium text-stone-800">
        {t("loyalty.points.today", { today: pointsToday, limit: dailyPointLimit })}
      </p>
      <ProgressBar
        label={t("loyalty.points.todayLabel")}
        value={pointsToday}
        max={dailyPointLimit}
        valueText={t("loyalty.points.todayValue", { today: pointsToday, limit: dailyPointLimit })}
        className="mt-1"
      />
      <p className="mt-3 text-sm text-stone-700">{t("loyalty.points.prizeEntry")}</p>
    </div>
  );
}
