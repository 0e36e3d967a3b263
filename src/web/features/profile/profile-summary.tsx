import { Pencil, Sparkles, Trophy } from "lucide-react";
import { Link } from "react-router";
import { brand } from "../../../shared/brand";
import type { Profile } from "../../../shared/contracts/profile";
import { onboardingQuestions } from "../../../shared/contracts/profile-options";
import { paths } from "../../app/paths";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ProgressBar } from "../../components/ui/progress-bar";
import { XpAndTier } from "../../components/xp-and-tier";
import { initialsOf } from "../../lib/format";
import { useT } from "../../lib/i18n";
import { answerLabel, questionText } from "./questions";

export function ProfileHeader({ profile }: { profile: Profile }) {
  const t = useT();
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
            {t("profile.anigyeId", { brand: brand.name })}{" "}
            <span className="font-mono font-semibold text-stone-700">{profile.anigyeId}</span>
          </p>
        </div>
      </div>
    </Card>
  );
}

export function ProgressCard({ profile }: { profile: Profile }) {
  const t = useT();
  return (
    <Card title={t("profile.progress")} icon={<Trophy className="size-5" aria-hidden />}>
      <XpAndTier
        xpPoints={profile.xpPoints}
        lifetimeXp={profile.lifetimeXp}
        tier={profile.tier}
        testIdPrefix="profile"
      />
      <div className="mt-4 space-y-1.5">
        <p className="text-sm text-stone-700">
          {t("profile.strength")}{" "}
          <span className="font-semibold text-amber-700">{profile.profileStrength}%</span>
        </p>
        <ProgressBar
          label={t("profile.strength")}
          value={profile.profileStrength}
          valueText={`${profile.profileStrength}%`}
        />
      </div>
    </Card>
  );
}

export function AnswersCard({ profile }: { profile: Profile }) {
  const t = useT();
  const wordsFor = (question: (typeof onboardingQuestions)[number], value: string) => {
    const key = answerLabel(question, value);
    return key ? t(key) : value;
  };
  const answerText = (question: (typeof onboardingQuestions)[number]) => {
    const value = profile.answers[question];
    if (Array.isArray(value)) return value.length ? value.map((v) => wordsFor(question, v)).join(", ") : null;
    return value ? wordsFor(question, value) : null;
  };
  return (
    <Card title={t("profile.aboutYou")} icon={<Sparkles className="size-5" aria-hidden />}>
      <dl className="divide-y divide-stone-100">
        {onboardingQuestions.map((question) => (
          <div key={question} className="flex justify-between gap-4 py-2 text-sm">
            <dt className="text-stone-500">{t(questionText[question].label)}</dt>
            <dd className="text-right font-medium text-stone-800">
              {answerText(question) ?? (
                <span className="font-normal text-stone-500">{t("profile.notAnswered")}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Link to={paths.onboarding} className={buttonClass("secondary", "mt-4 w-full")}>
        <Pencil className="size-4" aria-hidden /> {t("profile.editAnswers")}
      </Link>
    </Card>
  );
}
