import { Languages } from "lucide-react";
import { useState } from "react";
import { type Language, languageNames, languages } from "../../shared/i18n/languages";
import { useAuth } from "../lib/auth";
import { useDevice } from "../lib/device";
import { useChooseLanguage, useLanguage, useT } from "../lib/i18n";
import { deviceLanguage } from "../lib/language";
import { toast } from "./ui/use-toast";

/** Picks a language and says so; a signed-in member's choice is saved on their account too. */
function useLanguagePicker() {
  const choose = useChooseLanguage();
  const t = useT();
  const [pending, setPending] = useState(false);
  // The language being switched to, shown as chosen while its texts load.
  const [choosing, setChoosing] = useState<Language | null>(null);
  const pick = async (language: Language) => {
    setPending(true);
    setChoosing(language);
    try {
      await choose(language);
      toast({ title: t("language.saved") });
    } catch {
      toast({ title: t("language.notSaved"), variant: "destructive" });
    } finally {
      setPending(false);
      setChoosing(null);
    }
  };
  return { pick, pending, choosing };
}

/** The profile's language switch: English or Twi, as radio buttons named in their own language. */
export function LanguageSwitch() {
  const active = useLanguage();
  const t = useT();
  const { pick, pending, choosing } = useLanguagePicker();
  const shown = choosing ?? active;
  return (
    <fieldset data-testid="language-switch" disabled={pending}>
      <legend className="font-medium text-stone-900">{t("language.label")}</legend>
      <p className="text-sm text-stone-600">{t("language.hint")}</p>
      <div className="mt-2 flex gap-2">
        {languages.map((language) => (
          <label
            key={language}
            lang={language === "en" ? "en" : "tw"}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-4 font-semibold ring-1 ${language === shown ? "bg-amber-50 text-amber-900 ring-amber-400" : "bg-white text-stone-700 ring-stone-300"}`}
          >
            <input
              type="radio"
              name="language"
              value={language}
              checked={language === shown}
              onChange={() => void pick(language)}
              className="size-4 accent-amber-700"
            />
            {languageNames[language]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * First run: a visitor who hasn't chosen a language on this device is asked once, at the top
 * of the page, in both languages. It never covers the page; choosing either hides it for good.
 * Rule: docs/product-rules.md#language-english-and-twi.
 */
export function FirstRunLanguageChooser() {
  const { user } = useAuth();
  const { storage } = useDevice();
  const [unchosen, setUnchosen] = useState(() => deviceLanguage(storage) === null);
  const t = useT();
  const { pick, pending } = useLanguagePicker();
  // A signed-in member brings their own language.
  if (!unchosen || user) return null;
  return (
    <section
      aria-labelledby="language-chooser-title"
      data-testid="language-chooser"
      className="border-b border-amber-200 bg-amber-50 px-4 py-3"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <Languages className="size-5 shrink-0 text-amber-800" aria-hidden />
        <div className="min-w-0 flex-1">
          {/* Not a heading: it comes before the page's own h1. */}
          <p id="language-chooser-title" className="text-sm font-bold text-stone-900">
            {t("language.chooserTitle")}
          </p>
          <p className="text-xs text-stone-700">{t("language.chooserHint")}</p>
        </div>
        {/* Without JavaScript yet (a pre-rendered page), the choice reloads the page in that language. */}
        <form method="get" className="flex gap-2">
          {languages.map((language) => (
            <button
              key={language}
              type="submit"
              name="lang"
              value={language}
              lang={language === "en" ? "en" : "tw"}
              disabled={pending}
              onClick={(event) => {
                event.preventDefault();
                void pick(language).then(() => setUnchosen(false));
              }}
              className="min-h-11 rounded-xl bg-white px-4 text-sm font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100"
            >
              {languageNames[language]}
            </button>
          ))}
        </form>
      </div>
    </section>
  );
}
