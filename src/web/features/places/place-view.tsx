import { Play, Stamp } from "lucide-react";
import { Link } from "react-router";
import type { LoyaltyPlace } from "../../../shared/contracts/counter";
import { formatCedis } from "../../../shared/money";
import { mobileWatchPath, paths } from "../../app/paths";
import { buttonClass } from "../../components/ui/button";
import { ProgressBar } from "../../components/ui/progress-bar";
import { formatAccraDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { slotMark, withSlots } from "../../lib/rich-text";

/** The business's stamp card and the member's progress on it. */
export function LoyaltyCardProgress({ place, signedIn }: { place: LoyaltyPlace; signedIn: boolean }) {
  const program = place.program;
  const t = useT();
  if (!program) {
    return <p className="text-stone-600">{t("place.noProgram", { company: place.companyName })}</p>;
  }
  const card = place.myCard;
  const stamps =
    card && t("loyalty.card.stamps", { current: card.currentStamps, required: card.requiredStamps });
  const rewardWaits = card?.rewardUnlocked === true && !card.rewardClaimed;
  return (
    <div className="space-y-3">
      <p className="text-stone-800">
        {withSlots(
          t("place.collect", {
            program: slotMark("program"),
            count: program.requiredVisits,
            reward: slotMark("reward"),
          }),
          {
            program: <strong>{program.programName}</strong>,
            reward: <strong>{program.rewardTitle}</strong>,
          },
        )}
      </p>
      {program.description && <p className="text-sm text-stone-600">{program.description}</p>}
      {program.minimumSpend > 0 && (
        <p className="text-sm text-stone-600">
          {t("place.minimumSpend", { amount: formatCedis(Math.round(program.minimumSpend * 100)) })}
        </p>
      )}
      {card ? (
        <div className="rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="place-card">
          <p className="font-semibold text-stone-900">
            {rewardWaits ? t("place.rewardWaiting", { reward: card.rewardTitle }) : stamps}
          </p>
          {rewardWaits && card.cashbackPesewas ? (
            <p className="text-sm font-semibold text-green-800">
              {t("loyalty.card.cashback", { amount: formatCedis(card.cashbackPesewas) })}
            </p>
          ) : null}
          <ProgressBar
            className="mt-2"
            label={t("place.stampsAt", { company: place.companyName })}
            value={card.currentStamps}
            max={card.requiredStamps}
            valueText={stamps ?? undefined}
          />
          {card.expiresAt && (
            <p className="mt-1 text-xs text-stone-600">
              {t("place.cardValid", { date: formatAccraDate(card.expiresAt) })}
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-stone-700">
          {signedIn ? t("place.firstStamp") : t("place.signInToStart")}
        </p>
      )}
      <Link
        to={signedIn ? paths.loyaltyDashboard : paths.login}
        className={buttonClass("primary", "min-h-12 w-full sm:w-auto")}
      >
        <Stamp className="size-5" aria-hidden /> {signedIn ? t("place.showQr") : t("place.signInToCollect")}
      </Link>
    </div>
  );
}

/** The business's live ads, each opening the viewer. */
export function PlaceOffers({ place }: { place: LoyaltyPlace }) {
  const t = useT();
  return (
    <>
      {place.ads.length === 0 ? (
        <p className="text-stone-600">{t("place.noOffers", { company: place.companyName })}</p>
      ) : (
        <ul
          className="grid grid-cols-2 gap-3"
          aria-label={t("place.offersFrom", { company: place.companyName })}
        >
          {place.ads.map((ad) => (
            <li key={ad.id}>
              <Link
                to={mobileWatchPath(ad.id)}
                className="group block overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200"
              >
                <div className="relative aspect-[9/16] max-h-48 w-full bg-stone-200">
                  {ad.thumbnailUrl && (
                    <img
                      src={ad.thumbnailUrl}
                      alt=""
                      loading="lazy"
                      className="absolute inset-0 size-full object-cover"
                    />
                  )}
                  <Play
                    className="absolute right-2 bottom-2 size-8 rounded-full bg-black/60 p-1.5 text-white"
                    aria-hidden
                  />
                </div>
                <p className="p-2 text-sm font-semibold text-stone-900 group-hover:underline">{ad.title}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
