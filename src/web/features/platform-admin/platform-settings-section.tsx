import { useMemo, useState } from "react";
import { type SettingItem, settingGroups } from "../../../shared/contracts/admin";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Form, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDateTime } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useAdminSettings, useUpdateSetting } from "./api";
import { settingGroupTitles, settingHint, settingValueForm, textSettingForm } from "./setting-value";

function SettingRow({ setting }: { setting: SettingItem }) {
  const update = useUpdateSetting(setting.key);
  const [alert, setAlert] = useState<string | null>(null);
  const schema = useMemo(
    () => (setting.type === "number" ? settingValueForm(setting) : textSettingForm(setting)),
    [setting],
  );
  const form = useContractForm(schema, {
    // A fresh list (after a save, or someone else's) moves the box unless the admin is typing in it.
    values: { value: String(setting.value) },
    resetOptions: { keepDirtyValues: true },
  });
  const locked = setting.fromEnvironment;
  return (
    <li
      className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      data-testid={`setting-${setting.key}`}
      data-value={setting.value}
    >
      <Form
        form={form}
        aria-label={setting.description}
        className="space-y-2"
        onValid={(body) => {
          setAlert(null);
          update.mutate(body, {
            onSuccess: (saved) => {
              form.reset({ value: String(saved.value) });
              toast({ title: "Setting saved", description: `${saved.description}: ${saved.value}` });
            },
            onError: (failure) => {
              const applied = applyServerErrors(form, failure);
              if (Object.keys(applied).length === 0) {
                setAlert(serverMessage(failure) ?? "The setting could not be saved.");
              }
            },
          });
        }}
      >
        {setting.type === "number" ? (
          <TextField
            name="value"
            label={setting.description}
            hint={settingHint(setting)}
            type="number"
            inputMode="numeric"
            step={1}
            min={setting.min}
            max={setting.max}
            required
            className="max-w-xs"
          />
        ) : (
          <TextField
            name="value"
            label={setting.description}
            hint={settingHint(setting)}
            type="text"
            autoComplete="off"
            maxLength={setting.max}
            required
            disabled={locked}
            className="max-w-md"
          />
        )}
        {locked && (
          <p className="text-sm text-stone-700">
            Set by the server's environment, which wins over this screen: change it there, or unset it to
            manage it here.
          </p>
        )}
        {alert && <FormAlert>{alert}</FormAlert>}
        {!locked && (
          <Button type="submit" className="min-h-11" pending={update.isPending} pendingLabel="Saving…">
            Save<span className="sr-only"> {setting.description}</span>
          </Button>
        )}
      </Form>
      <p className="text-xs text-stone-600">
        <span className="font-mono">{setting.key}</span> · now <strong>{setting.value || "not set"}</strong>
        {setting.value === setting.defaultValue && setting.value !== "" && " (the default)"}
        {setting.updatedAt && (
          <>
            {" "}
            · changed <time dateTime={setting.updatedAt}>{formatAccraDateTime(setting.updatedAt)}</time>
          </>
        )}
      </p>
    </li>
  );
}

/** Admins: what the platform runs on (XP, prices, points, draws, anti-cheat, MoMo), under headings, each saved on its own. */
export function PlatformSettingsSection() {
  const query = useAdminSettings();
  if (query.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading settings">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (query.isError) {
    return <LoadError message="We couldn't load the settings." onRetry={() => void query.refetch()} />;
  }
  if (query.data.settings.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-4 text-sm text-stone-600 ring-1 ring-stone-200">No settings.</p>
    );
  }
  return <PlatformSettingsList settings={query.data.settings} />;
}

/** The settings under their headings, in the screen's order of groups. */
export function PlatformSettingsList({ settings }: { settings: SettingItem[] }) {
  const groups = settingGroups
    .map((group) => ({ group, settings: settings.filter((setting) => setting.group === group) }))
    .filter((entry) => entry.settings.length > 0);
  return (
    <div className="space-y-6" data-testid="platform-settings">
      {groups.map(({ group, settings: inGroup }) => (
        <section key={group} aria-labelledby={`settings-group-${group}`} className="space-y-3">
          <h3 id={`settings-group-${group}`} className="text-lg font-bold text-stone-900">
            {settingGroupTitles[group]}
          </h3>
          <ul className="space-y-3" aria-label={`${settingGroupTitles[group]} settings`}>
            {inGroup.map((setting) => (
              <SettingRow key={setting.key} setting={setting} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
