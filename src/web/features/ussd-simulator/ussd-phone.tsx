import { type FormEvent, useId, useState } from "react";
import { brand } from "../../../shared/brand";
import { inputClass, inputStateClass } from "../../components/ui/field-parts";
import { ApiError } from "../../lib/api-client";
import { serverMessage } from "../../lib/api-errors";
import { useT } from "../../lib/i18n";
import { type UssdSimulatorAudience, useUssdPress } from "./api";

const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"] as const;

interface Session {
  sessionId: string;
  sequence: number;
}

/**
 * A phone with no data, 360 px wide: a number to call from, the screen, the answer being typed and a
 * keypad. Call dials the USSD code (docs/product-rules.md#ussd-simulator); each Send is one request to the
 * real menus through the server; Cancel hangs up.
 */
export function UssdPhone({ audience }: { audience: UssdSimulatorAudience }) {
  const t = useT();
  const ids = { phone: useId(), phoneHint: useId(), typed: useId(), error: useId() };
  const press = useUssdPress(audience);
  const [phoneNumber, setPhoneNumber] = useState("");
  const [typed, setTyped] = useState<string>(brand.ussdDialCode);
  const [session, setSession] = useState<Session | null>(null);
  const [screen, setScreen] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const inCall = session !== null && !ended;

  function reset() {
    setSession(null);
    setScreen(null);
    setEnded(false);
    setTyped(brand.ussdDialCode);
    setProblem(null);
  }

  async function send(action: "send" | "cancel" = "send") {
    setProblem(null);
    if (!inCall && action === "send" && typed.trim() !== brand.ussdDialCode) {
      setProblem(t("ussdSimulator.wrongCode", { code: brand.ussdDialCode, brand: brand.name }));
      return;
    }
    try {
      const answer = await press.mutateAsync({
        phoneNumber,
        ...(inCall ? { sessionId: session.sessionId, sequence: session.sequence } : {}),
        message: inCall ? typed : brand.ussdDialCode,
        action,
      });
      setSession({ sessionId: answer.sessionId, sequence: answer.sequence });
      setScreen(answer.text);
      setEnded(answer.end);
      setTyped("");
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setProblem(t("ussdSimulator.unavailable"));
      else setProblem(serverMessage(error) ?? (error instanceof Error ? error.message : String(error)));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  function cancel() {
    if (inCall) void send("cancel").then(reset);
    else reset();
  }

  const fieldError = problem && press.error instanceof ApiError ? press.error.fields?.phoneNumber : undefined;

  return (
    <div
      className="mx-auto w-full max-w-[360px] rounded-[2rem] bg-stone-900 p-4 text-stone-50 shadow-xl"
      data-testid="ussd-phone"
    >
      <form onSubmit={onSubmit} noValidate aria-label={t("ussdSimulator.phone")} className="space-y-3">
        <div>
          <label htmlFor={ids.phone} className="text-sm font-semibold text-stone-200">
            {t("ussdSimulator.phoneLabel")}
          </label>
          <input
            id={ids.phone}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phoneNumber}
            disabled={inCall}
            aria-describedby={fieldError ? `${ids.phoneHint} ${ids.error}` : ids.phoneHint}
            aria-invalid={fieldError ? true : undefined}
            onChange={(event) => setPhoneNumber(event.target.value)}
            className={`${inputClass} ${inputStateClass(Boolean(fieldError))}`}
          />
          <p id={ids.phoneHint} className="mt-1 text-xs text-stone-400">
            {t("ussdSimulator.phoneHint")}
          </p>
        </div>

        <div
          role="status"
          aria-live="polite"
          aria-label={t("ussdSimulator.screen")}
          data-testid="ussd-screen"
          data-ended={ended || undefined}
          className="min-h-48 whitespace-pre-wrap rounded-xl bg-lime-100 p-3 font-mono text-[15px] leading-snug text-stone-900"
        >
          {screen ?? t("ussdSimulator.idle", { code: brand.ussdDialCode })}
          {ended && <span className="mt-2 block text-xs text-stone-600">{t("ussdSimulator.ended")}</span>}
        </div>

        {problem && (
          <p
            id={ids.error}
            role="alert"
            className="rounded-lg bg-red-100 p-2 text-sm font-medium text-red-800"
          >
            {fieldError ?? problem}
          </p>
        )}

        <div>
          <label htmlFor={ids.typed} className="text-sm font-semibold text-stone-200">
            {t("ussdSimulator.answerLabel")}
          </label>
          <input
            id={ids.typed}
            value={typed}
            disabled={ended}
            autoComplete="off"
            inputMode="tel"
            maxLength={160}
            onChange={(event) => setTyped(event.target.value)}
            className={`${inputClass} font-mono`}
          />
        </div>

        <fieldset className="grid grid-cols-3 gap-2">
          <legend className="sr-only">{t("ussdSimulator.keypad")}</legend>
          {keys.map((key) => (
            <button
              key={key}
              type="button"
              disabled={ended}
              onClick={() => setTyped((current) => `${current}${key}`)}
              className="rounded-xl bg-stone-700 py-3 text-xl font-bold hover:bg-stone-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 disabled:opacity-50"
            >
              {key}
            </button>
          ))}
        </fieldset>

        <div className="grid grid-cols-3 gap-2">
          <button
            type="button"
            onClick={cancel}
            className="rounded-xl bg-red-700 py-3 font-semibold hover:bg-red-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
          >
            {t("ussdSimulator.cancel")}
          </button>
          <button
            type="button"
            disabled={ended || typed === ""}
            onClick={() => setTyped((current) => current.slice(0, -1))}
            className="rounded-xl bg-stone-700 py-3 font-semibold hover:bg-stone-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 disabled:opacity-50"
          >
            {t("ussdSimulator.delete")}
          </button>
          {/* Keyed apart: were OK's element turned into the submit button during its own click, the click
              would also submit, dialling again at once. */}
          {ended ? (
            <button
              key="ok"
              type="button"
              onClick={reset}
              className="rounded-xl bg-green-700 py-3 font-semibold hover:bg-green-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
            >
              {t("ussdSimulator.ok")}
            </button>
          ) : (
            <button
              key="send"
              type="submit"
              disabled={press.isPending}
              aria-busy={press.isPending || undefined}
              className="rounded-xl bg-green-700 py-3 font-semibold hover:bg-green-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 disabled:opacity-60"
            >
              {press.isPending
                ? t("ussdSimulator.sending")
                : inCall
                  ? t("ussdSimulator.send")
                  : t("ussdSimulator.call")}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
