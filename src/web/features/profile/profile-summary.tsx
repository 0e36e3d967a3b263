import { Pencil, Sparkles, Trophy } from "lucide-react";
import { Link } from "react-router";
import type { Profile } from "../../../shared/contracts/profile";
import { onboardingQuestions } from "../../../shared/contracts/profile-options";
import { paths } from "../../app/paths";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ProgressBar } from "../../components/ui/progress-bar";
import { XpAndTier } from "../../components/xp-and-tier";
import { initialsOf } from "../../lib/format";
import { questionText } from "./questions";

const _numberFormat = new Intl.NumberFormat("en-GH");

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
  return (
    <Card title="Your progress" icon={<Trophy className="size-5" aria-hidden />}>
      <XpAndTier
        xpPoints={profile.xpPoints}
        lifetimeXp={profile.lifetimeXp}
        tier={profile.tier}
        testIdPrefix="profile"
      />
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
              {answerText(question) ?? <span className="font-normal text-stone-500">Not answered</span>}
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
