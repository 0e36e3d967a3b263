import { Pencil, Sparkles, Trophy } from "lucide-react";
import { Link } from "react-router";
import type { Profile } from "../../../shared/contracts/profile";
import { onboardingQuestions } from "../../../shared/contracts/profile-options";
import { type TierId, tierIds, tierLabel, tierThresholds } from "../../../shared/tiers";
import { paths } from "../../app/paths";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ProgressBar } from "../../components/ui/progress-bar";
import { initialsOf } from "../../lib/format";
import { questionText } from "./questions";

const numberFormat = new Intl.NumberFormat("en-GH");

/** Where lifetime XP stands between this tier and the next (tiers never drop; PRODUCT.md). */
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

export function ProfileHeader({ profile }: { profile: Profile }) {
  return (
    <Card>
      <div className="flex items-center gap-4">
        <span
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xl font-extrabold text-amber-800"
        >
          {initialsOf(profile.displayName)}
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-extrabold text-stone-900">{profile.displayName}</h1>
          <p className="truncate text-stone-600">@{profile.username}</p>
          <p className="mt-0.5 text-xs text-stone-500">
            Anigye ID: <span className="font-mono font-semibold text-stone-700">{profile.anigyeId}</span>
          </p>
        </div>
      </div>
    </Card>
  );
}

export function ProgressCard({ profile }: { profile: Profile }) {
  const progress = tierProgress(profile.tier, profile.lifetimeXp);
  return (
    <Card title="Your progress" icon={<Trophy className="size-5" aria-hidden />}>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-stone-50 p-3">
          <dt className="text-xs uppercase tracking-wide text-stone-500">XP</dt>
          <dd className="text-2xl font-extrabold tabular-nums text-stone-900" data-testid="profile-xp">
            {numberFormat.format(profile.xpPoints)}
          </dd>
        </div>
        <div className="rounded-xl bg-stone-50 p-3">
          <dt className="text-xs uppercase tracking-wide text-stone-500">Tier</dt>
          <dd className="text-2xl font-extrabold text-amber-700" data-testid="profile-tier">
            {tierLabel(profile.tier)}
          </dd>
        </div>
      </dl>
      <div className="mt-4 space-y-1.5">
        {progress ? (
          <>
            <p className="text-sm text-stone-700">
              {numberFormat.format(progress.remaining)} XP to {tierLabel(progress.next)}
            </p>
            <ProgressBar
              label={`Progress to ${tierLabel(progress.next)}`}
              value={progress.earned}
              max={progress.span}
              valueText={`${numberFormat.format(progress.earned)} of ${numberFormat.format(progress.span)} XP`}
            />
          </>
        ) : (
          <p className="text-sm font-medium text-stone-700">You've reached the top tier. Well done!</p>
        )}
      </div>
      <div className="mt-4 space-y-1.5">
        <p className="text-sm text-stone-700">
          Profile strength <span className="font-semibold text-amber-700">{profile.profileStrength}%</span>
        </p>
        <ProgressBar
          label="Profile strength"
          value={profile.profileStrength}
          valueText={`${profile.profileStrength}%`}
        />
      </div>
    </Card>
  );
}

export function AnswersCard({ profile }: { profile: Profile }) {
  const answerText = (question: (typeof onboardingQuestions)[number]) => {
    const value = profile.answers[question];
    const labels = questionText[question].optionLabels;
    if (Array.isArray(value)) return value.length ? value.map((v) => labels?.[v] ?? v).join(", ") : null;
    return value ? (labels?.[value] ?? value) : null;
  };
  return (
    <Card title="About you" icon={<Sparkles className="size-5" aria-hidden />}>
      <dl className="divide-y divide-stone-100">
        {onboardingQuestions.map((question) => (
          <div key={question} className="flex justify-between gap-4 py-2 text-sm">
            <dt className="text-stone-500">{questionText[question].label}</dt>
            <dd className="text-right font-medium text-stone-800">
              {answerText(question) ?? <span className="font-normal text-stone-400">Not answered</span>}
            </dd>
          </div>
        ))}
      </dl>
      <Link to={paths.onboarding} className={buttonClass("secondary", "mt-4 w-full")}>
        <Pencil className="size-4" aria-hidden /> Edit answers
      </Link>
    </Card>
  );
}
