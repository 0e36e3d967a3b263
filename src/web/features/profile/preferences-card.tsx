import { SlidersHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import type { Profile } from "../../../shared/contracts/profile";
import { LanguageSwitch } from "../../components/language-choice";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { setDataSaver, useDataSaver } from "../../lib/data-saver";
import { dataUsedThisMonth } from "../../lib/data-usage";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import { useSavePreferences } from "./api";

type PreferenceKey = "smsConsent" | "leaderboardOptOut";

const switches: { key: PreferenceKey; label: UiKey; hint: UiKey; on: (profile: Profile) => boolean }[] = [
  {
    key: "smsConsent",
    label: "preferences.smsLabel",
    hint: "preferences.smsHint",
    on: (profile) => profile.smsConsent,
  },
  {
    key: "leaderboardOptOut",
    label: "preferences.leaderboardLabel",
    hint: "preferences.leaderboardHint",
    // The switch reads as "show me", the stored preference as "leave me off".
    on: (profile) => !profile.leaderboardOptOut,
  },
];

interface SwitchRowProps {
  id: string;
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onToggle(next: boolean): void;
}

function SwitchRow({ id, label, hint, checked, disabled, onToggle }: SwitchRowProps) {
  return (
    <li className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium text-stone-900">
          {label}
        </label>
        <div id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </div>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onClick={() => onToggle(!checked)}
        className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 disabled:opacity-60 ${checked ? "bg-amber-600" : "bg-stone-300"}`}
      >
        <span
          aria-hidden
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5" : "translate-x-0.5"}`}
        />
      </button>
    </li>
  );
}

/** This device's data saver, and what the app downloaded on it this month. */
function DataSaverRow() {
  const t = useT();
  const on = useDataSaver();
  const megabytes = Math.round(dataUsedThisMonth() / 100_000) / 10;
  return (
    <SwitchRow
      id="preference-data-saver"
      label={t("preferences.dataSaverLabel")}
      hint={
        <>
          <p>{t("preferences.dataSaverHint")}</p>
          <p className="mt-1 font-medium text-stone-800" data-testid="data-used">
            {t("preferences.dataUsed", { megabytes })}
          </p>
        </>
      }
      checked={on}
      onToggle={setDataSaver}
    />
  );
}

/** The member's switches: their language, SMS consent, appearing on the leaderboards, the data saver. */
export function PreferencesCard({ profile }: { profile: Profile }) {
  const save = useSavePreferences();
  const t = useT();

  function toggle(key: PreferenceKey, nextOn: boolean) {
    const change = key === "smsConsent" ? { smsConsent: nextOn } : { leaderboardOptOut: !nextOn };
    save.mutate(change, {
      onSuccess: () => toast({ title: t("preferences.saved") }),
      onError: (failure) =>
        toast({
          title: t("preferences.notSaved"),
          description: serverMessage(failure) ?? t("preferences.tryAgain"),
          variant: "destructive",
        }),
    });
  }

  return (
    <Card
      title={t("preferences.title")}
      icon={<SlidersHorizontal className="size-5" aria-hidden />}
      testId="profile-preferences"
    >
      <LanguageSwitch />
      <ul className="mt-5 space-y-4">
        {switches.map(({ key, label, hint, on }) => (
          <SwitchRow
            key={key}
            id={`preference-${key}`}
            label={t(label)}
            hint={t(hint)}
            checked={on(profile)}
            disabled={save.isPending}
            onToggle={(next) => toggle(key, next)}
          />
        ))}
        <DataSaverRow />
      </ul>
    </Card>
  );
}
