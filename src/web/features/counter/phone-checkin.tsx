import { Coins, Smartphone, Stamp } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  type CounterActor,
  type PhoneCheckinSent,
  phoneCheckinConfirmRequest,
  phoneCheckinRequest,
} from "../../../shared/contracts/counter";
import {
  FieldError,
  FieldHint,
  inputClass,
  inputStateClass,
  useFieldIds,
} from "../../components/ui/field-parts";
import { ApiError } from "../../lib/api-client";
import { useT } from "../../lib/i18n";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { translateMessage } from "../../lib/language";
import { useConfirmPhoneCode, useSendPhoneCode } from "./api";
import { counterChoiceClass } from "./counter-buttons";
import { phoneRefusal, phoneResultViewOf, type ResultView } from "./result-view";

type Choice = "stamp" | "points";

/** The server's words for a refusal, or the connection's. */
function problemOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children(props: ReturnType<typeof useFieldIds>["controlProps"]): React.ReactNode;
}) {
  const { inputId, hintId, errorId, controlProps } = useFieldIds(name, hint, error);
  return (
    <div>
      <label htmlFor={inputId} className="block text-base font-bold text-stone-950">
        {label}
      </label>
      {children(controlProps)}
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** The contract's first message for a field, in the active language. */
function firstIssue(issues: { path: PropertyKey[]; message: string }[], field: string) {
  const issue = issues.find((item) => item.path[0] === field);
  return issue && translateMessage(issue.message);
}

interface PhoneCheckinProps {
  actor: CounterActor;
  /** What staff had typed as the purchase amount on the scanner, carried over. */
  startAmount: string;
  onResult(view: ResultView): void;
  /** Back to the scanner. */
  onClose(): void;
}

/**
 * "No app? Use their phone number.": staff type the customer's number, choose a stamp or points, text
 * them a code and type it back. The answer fills the screen as a scan's does. While it is open it is the
 * whole scanner (no camera, typed code or second amount field beside it): one amount, one action.
 */
export function PhoneCheckin({ actor, startAmount, onResult, onClose }: PhoneCheckinProps) {
  const t = useT();
  const [phone, setPhone] = useState("");
  const [choice, setChoice] = useState<Choice>(actor.hasLoyaltyProgram ? "stamp" : "points");
  const [amount, setAmount] = useState(startAmount);
  const [points, setPoints] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [sent, setSent] = useState<PhoneCheckinSent | null>(null);
  // One key per attempt to send: a retry after a dropped answer gets the same check-in, not a second SMS.
  const [sendKey, setSendKey] = useState(newIdempotencyKey);
  const sendCode = useSendPhoneCode();
  const confirmCode = useConfirmPhoneCode();

  const reset = () => {
    setSent(null);
    setCode("");
    setPhone("");
    setErrors({});
    setSendKey(newIdempotencyKey());
  };

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const parsed = phoneCheckinRequest.safeParse({
      phoneNumber: phone,
      action: choice,
      purchaseAmount: amount.trim() ? Number(amount.trim().replace(/^GH₵\s*/i, "")) : undefined,
      points: choice === "points" && points.trim() ? Number(points.trim()) : undefined,
      idempotencyKey: sendKey,
    });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      setErrors({
        phone: firstIssue(issues, "phoneNumber"),
        amount: firstIssue(issues, "purchaseAmount"),
        points: firstIssue(issues, "points"),
      });
      return;
    }
    setErrors({});
    sendCode.mutate(parsed.data, {
      onSuccess: (answer) => setSent(answer),
      onError: (error) => setErrors({ send: problemOf(error, t("counter.phone.sendFailed")) }),
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    const parsed = phoneCheckinConfirmRequest.safeParse({ code });
    if (!parsed.success) {
      setErrors({ code: firstIssue(parsed.error.issues, "code") });
      return;
    }
    setErrors({});
    confirmCode.mutate(
      { id: sent.id, code: parsed.data.code },
      {
        onSuccess: (result) => {
          onResult(phoneResultViewOf(result));
          reset();
        },
        onError: (error) => {
          // A wrong code stays here with the tries left; anything else ends this check-in on the result screen.
          if (error instanceof ApiError && error.status === 400) {
            setErrors({ code: problemOf(error, t("counter.phone.confirmFailed")) });
            setCode("");
            return;
          }
          onResult(phoneRefusal(problemOf(error, t("counter.phone.confirmFailed"))));
          if (error instanceof ApiError) reset();
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="phone-checkin-title"
      className="space-y-3 rounded-2xl border-2 border-stone-300 bg-white p-4"
    >
      <h2 id="phone-checkin-title" className="flex items-center gap-2 text-lg font-extrabold text-stone-950">
        <Smartphone className="size-5" aria-hidden />
        {t("counter.phone.title")}
      </h2>
      {sent === null ? (
        <form onSubmit={submitPhone} noValidate className="space-y-3" aria-label={t("counter.phone.title")}>
          <Field
            name="checkinPhone"
            label={t("counter.phone.number")}
            hint={t("counter.phone.numberHint")}
            error={errors.phone}
          >
            {(props) => (
              <input
                {...props}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="024 123 4567"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                className={`${inputClass} min-h-12 text-xl font-bold tabular-nums ${inputStateClass(Boolean(errors.phone))}`}
              />
            )}
          </Field>
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="mb-1 text-base font-bold text-stone-950">{t("counter.phone.give")}</legend>
            {(
              [
                { value: "stamp", label: t("counter.action.stamp"), Icon: Stamp },
                { value: "points", label: t("counter.action.points"), Icon: Coins },
              ] as const
            ).map(({ value, label, Icon }) => (
              <button
                key={value}
                type="button"
                aria-pressed={choice === value}
                onClick={() => setChoice(value)}
                className={`flex min-h-12 items-center justify-center gap-2 rounded-xl text-base ${counterChoiceClass(choice === value)}`}
              >
                <Icon className="size-5" aria-hidden />
                {label}
              </button>
            ))}
          </fieldset>
          <div className="grid grid-cols-2 gap-2">
            <Field
              name="checkinAmount"
              label={
                choice === "stamp"
                  ? t("counter.purchaseAmount")
                  : `${t("counter.purchaseAmount")} ${t("counter.optional")}`
              }
              error={errors.amount}
            >
              {(props) => (
                <input
                  {...props}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={actor.minimumSpend ? actor.minimumSpend.toFixed(2) : "0.00"}
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  className={`${inputClass} min-h-12 text-lg font-bold tabular-nums ${inputStateClass(Boolean(errors.amount))}`}
                />
              )}
            </Field>
            {choice === "points" && (
              <Field name="checkinPoints" label={t("counter.points.points")} error={errors.points}>
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    value={points}
                    onChange={(event) => setPoints(event.target.value)}
                    className={`${inputClass} min-h-12 text-lg font-bold tabular-nums ${inputStateClass(Boolean(errors.points))}`}
                  />
                )}
              </Field>
            )}
          </div>
          {errors.send && (
            <p role="alert" className="rounded-xl bg-red-100 p-3 text-sm font-semibold text-red-900">
              {errors.send}
            </p>
          )}
          <div className="flex gap-2">
            <button
              type="submit"
              disabled={sendCode.isPending}
              className="min-h-12 flex-1 rounded-xl bg-stone-950 px-4 text-base font-extrabold text-white disabled:opacity-60"
            >
              {sendCode.isPending ? t("counter.phone.sending") : t("counter.phone.send")}
            </button>
            <button
              type="button"
              onClick={() => {
                reset();
                onClose();
              }}
              className="min-h-12 rounded-xl border-2 border-stone-400 px-4 text-base font-bold text-stone-950"
            >
              {t("counter.phone.cancel")}
            </button>
          </div>
        </form>
      ) : (
        <form
          onSubmit={submitCode}
          noValidate
          className="space-y-3"
          aria-label={t("counter.phone.confirmTitle")}
        >
          <p role="status" className="text-base font-semibold text-stone-800">
            {t("counter.phone.sentTo", { phone: sent.maskedPhone })}
          </p>
          <Field
            name="checkinCode"
            label={t("counter.phone.code")}
            hint={t("counter.phone.codeHint")}
            error={errors.code}
          >
            {(props) => (
              <input
                {...props}
                // biome-ignore lint/a11y/noAutofocus: the customer is reading the code out now.
                autoFocus
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
                className={`${inputClass} min-h-12 font-mono text-2xl font-bold tracking-[0.3em] ${inputStateClass(Boolean(errors.code))}`}
              />
            )}
          </Field>
          <div className="flex gap-2">
            <button
              type="submit"
              disabled={confirmCode.isPending}
              className="min-h-12 flex-1 rounded-xl bg-green-700 px-4 text-base font-extrabold text-white disabled:opacity-60"
            >
              {confirmCode.isPending ? t("counter.scanner.checking") : t("counter.phone.confirm")}
            </button>
            <button
              type="button"
              onClick={reset}
              className="min-h-12 rounded-xl border-2 border-stone-400 px-4 text-base font-bold text-stone-950"
            >
              {t("counter.phone.startOver")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
