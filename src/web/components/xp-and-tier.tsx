import { intlLocaleOf } from "../../shared/i18n/languages";
import { type TierId, tierIds, tierLabel, tierThresholds } from "../../shared/tiers";
import { useLanguage, useT } from "../lib/i18n";
import { ProgressBar } from "./ui/progress-bar";

/**
 * Where lifetime XP stands between this tier and the next (tiers never drop:
 * docs/product-rules.md#members-tiers).
 */
export function tierProgress(tier: TierId, lifetimeXp: number) {
  const next = tierIds[tierIds.indexOf(tier) + 1];
  if (!next) return null;
  const from = tierThresholds[tier];
  const to = tierThresholds[next];
  return {
    next,
    earned: Math.max(0, lifetimeXp - from),
    span: to - from,
    remaining: Math.max(0, to - lifetimeXp),
  };
}

/**
 * XP, tier and the bar to the next tier: shown on My Rewards and the profile. Tier names (Bronze to
 * Diamond) stay names in every language, as the navigation and the counter show them.
 */
export function XpAndTier({
  xpPoints,
  lifetimeXp,
  tier,
  testIdPrefix,
}: {
  xpPoints: number;
  lifetimeXp: number;
  tier: TierId;
  testIdPrefix: string;
}) {
  const progress = tierProgress(tier, lifetimeXp);
  const t = useT();
  const language = useLanguage();
  const numberFormat = new Intl.NumberFormat(intlLocaleOf[language]);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-stone-50 p-3">
          <dt className="text-xs uppercase tracking-wide text-stone-500">{t("tier.xp")}</dt>
          <dd
            className="text-2xl font-extrabold tabular-nums text-stone-900"
            data-testid={`${testIdPrefix}-xp`}
          >
            {numberFormat.format(xpPoints)}
          </dd>
        </div>
        <div className="rounded-xl bg-stone-50 p-3">
          <dt className="text-xs uppercase tracking-wide text-stone-500">{t("tier.tier")}</dt>
          <dd className="text-2xl font-extrabold text-amber-700" data-testid={`${testIdPrefix}-tier`}>
            {tierLabel(tier)}
          </dd>
        </div>
      </dl>
      <div className="mt-4 space-y-1.5">
        {progress ? (
          <>
            <p className="text-sm text-stone-700">
              {t("tier.toNext", { xp: progress.remaining, tier: tierLabel(progress.next) })}
            </p>
            <ProgressBar
              label={t("tier.progressTo", { tier: tierLabel(progress.next) })}
              value={progress.earned}
              max={progress.span}
              valueText={t("tier.progressValue", { earned: progress.earned, span: progress.span })}
            />
          </>
        ) : (
          <p className="text-sm font-medium text-stone-700">{t("tier.top")}</p>
        )}
      </div>
    </>
  );
}
