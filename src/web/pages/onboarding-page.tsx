import { ArrowLeft, ArrowRight } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { brand } from "../../shared/brand";
import type { Profile, ProfileAnswers } from "../../shared/contracts/profile";
import { onboardingQuestions } from "../../shared/contracts/profile-options";
import { paths } from "../app/paths";
import { RequireAuth } from "../components/require-auth";
import { Button } from "../components/ui/button";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { ProgressBar } from "../components/ui/progress-bar";
import { toast } from "../components/ui/use-toast";
import { useProfile, useSaveOnboarding } from "../features/profile/api";
import { answerLabel, questionText } from "../features/profile/questions";
import { serverMessage } from "../lib/api-errors";
import { useAuth } from "../lib/auth";
import { useT } from "../lib/i18n";
import { takeReturnTo } from "../lib/return-to";

const total = onboardingQuestions.length;

/** Answers worth sending: everything chosen so far (unanswered questions stay untouched). */
function chosen(answers: ProfileAnswers): Partial<ProfileAnswers> {
  return Object.fromEntries(
    Object.entries(answers).filter(([, value]) => value !== null),
  ) as Partial<ProfileAnswers>;
}

function startStep(profile: Profile): number {
  if (profile.onboardingCompleted || profile.onboardingStep >= total) return 0;
  return Math.max(0, profile.onboardingStep);
}

function Questions({ profile }: { profile: Profile }) {
  const { refreshUser } = useAuth();
  const t = useT();
  const navigate = useNavigate();
  const save = useSaveOnboarding();
  const [step, setStep] = useState(() => startStep(profile));
  const [answers, setAnswers] = useState<ProfileAnswers>(profile.answers);
  const [strength, setStrength] = useState(profile.profileStrength);
  const [action, setAction] = useState<"next" | "skip" | null>(null);

  const question = onboardingQuestions[step]!;
  const text = questionText[question];
  const isLast = step === total - 1;

  // Each new question takes the focus (not the first one), so a screen reader reads it out.
  const focusQuestion = useRef(false);
  const goTo = (index: number) => {
    focusQuestion.current = true;
    setStep(index);
  };
  const questionHeading = (heading: HTMLHeadingElement | null) => {
    if (heading && focusQuestion.current) {
      focusQuestion.current = false;
      heading.focus();
    }
  };

  const persist = (nextStep: number, completed: boolean, kind: "next" | "skip", then: () => void) => {
    setAction(kind);
    save.mutate(
      { answers: chosen(answers), step: nextStep, completed },
      {
        onSuccess: (saved) => {
          setStrength(saved.profileStrength);
          then();
        },
        onError: (failure) =>
          toast({
            title: t("onboarding.saveFailed"),
            description: serverMessage(failure) ?? t("onboarding.checkConnection"),
            variant: "destructive",
          }),
        onSettled: () => setAction(null),
      },
    );
  };

  const next = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isLast) return persist(step + 1, false, "next", () => goTo(step + 1));
    persist(total, true, "next", () => {
      void refreshUser();
      toast({
        title: t("onboarding.completeToast"),
        description: t("onboarding.completeToastText"),
      });
      navigate(takeReturnTo() ?? paths.rewards);
    });
  };

  const skip = () =>
    persist(step, false, "skip", () => {
      toast({
        title: t("onboarding.laterToast"),
        description: t("onboarding.laterToastText"),
      });
      navigate(takeReturnTo() ?? paths.rewards);
    });

  const optionWords = (option: string) => {
    const key = answerLabel(question, option);
    return key ? t(key) : option;
  };
  const current = answers[question];
  const isChecked = (option: string) =>
    Array.isArray(current) ? current.includes(option as never) : current === option;
  const pick = (option: string) =>
    setAnswers((previous) => {
      if (!text.multiple) return { ...previous, [question]: option };
      const list = previous.interests as string[];
      const interests = list.includes(option) ? list.filter((o) => o !== option) : [...list, option];
      return { ...previous, interests: interests as ProfileAnswers["interests"] };
    });

  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-extrabold text-stone-900">{t("onboarding.heading")}</h1>
      <p className="mt-1 text-stone-600">{t("onboarding.intro", { brand: brand.name })}</p>

      <div className="mt-6 space-y-2">
        <div className="flex items-center justify-between text-sm">
          <p className="font-semibold text-stone-800" data-testid="onboarding-step" aria-live="polite">
            {t("onboarding.step", { step: step + 1, total })}
          </p>
          <p className="text-stone-600">
            {t("profile.strength")} <span className="font-semibold text-amber-700">{strength}%</span>
          </p>
        </div>
        <ProgressBar label={t("profile.strength")} value={strength} valueText={`${strength}%`} />
      </div>

      <form
        aria-label={t("onboarding.formLabel")}
        onSubmit={next}
        className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <fieldset>
          <legend className="w-full">
            <h2
              key={step}
              ref={questionHeading}
              tabIndex={-1}
              className="text-xl font-bold text-stone-900 focus:outline-none"
            >
              {t(text.prompt)}
            </h2>
          </legend>
          {text.help && <p className="mt-1 text-sm text-stone-500">{t(text.help)}</p>}
          <div className={`mt-4 grid gap-2 ${text.options.length > 4 ? "grid-cols-2" : ""}`}>
            {text.options.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-3 rounded-xl px-4 py-3 text-stone-800 ring-1 ring-stone-200 has-checked:bg-amber-50 has-checked:ring-2 has-checked:ring-amber-500"
              >
                <input
                  type={text.multiple ? "checkbox" : "radio"}
                  name={question}
                  value={option}
                  checked={isChecked(option)}
                  onChange={() => pick(option)}
                  className="size-4 accent-amber-600"
                />
                {optionWords(option)}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="mt-6 flex items-center gap-2">
          <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={step === 0 || save.isPending}>
            <ArrowLeft className="size-4" aria-hidden /> {t("onboarding.back")}
          </Button>
          <Button
            type="submit"
            className="flex-1"
            pending={action === "next"}
            pendingLabel={t("onboarding.saving")}
            disabled={save.isPending}
          >
            {t(isLast ? "onboarding.finish" : "onboarding.next")}{" "}
            {!isLast && <ArrowRight className="size-4" aria-hidden />}
          </Button>
        </div>
        <Button
          variant="ghost"
          className="mt-2 w-full"
          onClick={skip}
          pending={action === "skip"}
          pendingLabel={t("onboarding.saving")}
          disabled={save.isPending}
        >
          {t("onboarding.skip")}
        </Button>
      </form>
    </div>
  );
}

function Onboarding() {
  const profile = useProfile();
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) return <LoadError onRetry={() => void profile.refetch()} />;
  return <Questions profile={profile.data} />;
}

/** /onboarding: one question per step, saved at every Next so it resumes where it was left. */
export default function OnboardingPage() {
  const t = useT();
  useEffect(() => {
    document.title = t("onboarding.docTitle", { brand: brand.name });
  }, [t]);
  return (
    <RequireAuth>
      <Onboarding />
    </RequireAuth>
  );
}
