import { Keyboard, ScanLine, Search, Stamp, TicketCheck, X } from "lucide-react";
import { type FormEvent, lazy, Suspense, useCallback, useRef, useState } from "react";
import type { CounterActor, ScanAction } from "../../../shared/contracts/counter";
import { QrCamera } from "../../components/qr-camera";
import {
  FieldError,
  FieldHint,
  inputClass,
  inputStateClass,
  useFieldIds,
} from "../../components/ui/field-parts";
import { PageSpinner } from "../../components/ui/page-spinner";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import { type CounterOutcome, useCounterRequest } from "./api";
import { counterChoiceClass, counterWideButtonClass } from "./counter-buttons";
import { signal, unlockSound } from "./feedback";
import { PhoneCheckinOpener } from "./phone-checkin-opener";
import { localRefusal, type ResultView, resultViewOf } from "./result-view";
import { ScanResultScreen } from "./scan-result-screen";
import { TypedCodeWait, useSecondsLeft } from "./typed-code-wait";

/**
 * Not on the scanner's first screen: the scan request's rules (and the validation library with them) come
 * with the first amount typed, action chosen or code sent; the phone check-in (and the phone-number
 * library) when staff open it.
 */
const loadScanRules = () => import("./scan-rules");
type ScanRules = Awaited<ReturnType<typeof loadScanRules>>;
const PhoneCheckin = lazy(() =>
  import("./phone-checkin").then(({ PhoneCheckin }) => ({ default: PhoneCheckin })),
);

/** The scan rules once fetched, and a way to fetch them now. */
function useScanRules() {
  const [rules, setRules] = useState<ScanRules>();
  const load = useCallback(
    () =>
      loadScanRules().then((loaded) => {
        setRules(loaded);
        return loaded;
      }),
    [],
  );
  return { rules, load };
}

/**
 * The camera does not send the same code for the same action again for this long: the customer's phone
 * is often still in front of it when the next customer is called. Another action (a look-up, then a
 * stamp) goes at once, and a typed code always goes.
 */
const sameScanQuietMs = 30_000;

const actions: { value: ScanAction; label: UiKey; hint: UiKey; Icon: typeof Stamp }[] = [
  { value: "stamp", label: "counter.action.stamp", hint: "counter.scanner.stampHint", Icon: Stamp },
  { value: "redeem", label: "counter.action.redeem", hint: "counter.scanner.redeemHint", Icon: TicketCheck },
  { value: "lookup", label: "counter.action.lookup", hint: "counter.scanner.lookupHint", Icon: Search },
];

function ActionChooser({
  action,
  onChoose,
}: {
  action: ScanAction | null;
  onChoose(action: ScanAction): void;
}) {
  const t = useT();
  return (
    <fieldset className="grid grid-cols-3 gap-2">
      <legend className="sr-only">{t("counter.scanner.whatToDo")}</legend>
      {actions.map(({ value, label, Icon }) => {
        const chosen = value === action;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={chosen}
            onClick={() => onChoose(value)}
            className={`flex min-h-16 flex-col items-center justify-center gap-1 rounded-2xl text-base focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-amber-400 ${counterChoiceClass(chosen)}`}
          >
            <Icon className="size-6" aria-hidden />
            {t(label)}
          </button>
        );
      })}
    </fieldset>
  );
}

function AmountField({
  value,
  onChange,
  error,
  onEditing,
}: {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  onEditing(editing: boolean): void;
}) {
  const t = useT();
  const hint = t("counter.scanner.amountHint");
  const { inputId, hintId, errorId, controlProps } = useFieldIds("purchaseAmount", hint, error);
  return (
    <div>
      <label htmlFor={inputId} className="block text-base font-bold text-stone-950">
        {t("counter.purchaseAmount")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          {...controlProps}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onFocus={() => onEditing(true)}
          onBlur={() => onEditing(false)}
          // The keyboard's Go/Enter ends the typing, and the camera reads again.
          onKeyDown={(event) => {
            if (event.key === "Enter") event.currentTarget.blur();
          }}
          className={`${inputClass} mt-0 min-h-12 text-xl font-bold tabular-nums ${inputStateClass(Boolean(error))}`}
        />
        {value && (
          <button
            type="button"
            onClick={() => onChange("")}
            className="flex min-h-12 min-w-12 items-center justify-center rounded-xl border-2 border-stone-400 bg-white px-3 font-bold text-stone-950"
          >
            <X className="size-5" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("counter.scanner.clear")}</span>
          </button>
        )}
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

function TypedCodeForm({
  onSend,
  busy,
  needsAction,
  waitUntil,
  loadRules,
}: {
  onSend(code: string): void;
  loadRules(): Promise<ScanRules>;
  busy: boolean;
  needsAction: boolean;
  /** Typed codes wait until then (too many wrong ones); the camera doesn't. */
  waitUntil: number | undefined;
}) {
  const [code, setCode] = useState("");
  const waiting = useSecondsLeft(waitUntil) > 0;
  const [errorKey, setErrorKey] = useState<UiKey>();
  const t = useT();
  const hint = t("counter.scanner.codeHint");
  const error = errorKey && t(errorKey);
  const { inputId, hintId, errorId, controlProps } = useFieldIds("customerCode", hint, error);
  const check = (typedCode: string | undefined) => {
    if (typedCode === undefined) {
      setErrorKey("counter.scanner.typeCode");
      return;
    }
    if (needsAction) {
      setErrorKey("counter.scanner.chooseFirst");
      return;
    }
    setErrorKey(undefined);
    onSend(typedCode);
    setCode("");
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void loadRules().then(
      (rules) => check(rules.typedCodeOf(code)),
      () => setErrorKey("counter.scanner.saveFailed"),
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("counter.scanner.typedCode")} className="space-y-2">
      <label htmlFor={inputId} className="block text-base font-bold text-stone-950">
        {t("counter.customerCode")}
      </label>
      <div className="flex gap-2">
        <input
          {...controlProps}
          // biome-ignore lint/a11y/noAutofocus: staff opened this form to type into it at once.
          autoFocus
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          className={`${inputClass} mt-0 min-h-12 font-mono text-xl font-bold tracking-widest uppercase ${inputStateClass(Boolean(error))}`}
        />
        <button
          type="submit"
          disabled={busy || waiting}
          className="min-h-12 shrink-0 rounded-xl bg-stone-950 px-4 text-base font-extrabold text-white disabled:opacity-60"
        >
          {t("counter.scanner.sendCode")}
        </button>
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      <TypedCodeWait until={waitUntil} className="rounded-xl bg-amber-100 p-3 text-base text-amber-950" />
    </form>
  );
}

interface CounterScannerProps {
  actor: CounterActor;
}

/**
 * The counter's scanner: choose Stamp, Redeem or Look up, hold the customer's QR (or type their code),
 * and the answer fills the screen at once with a beep and a buzz. With no connection a stamp, redeem or
 * point grant is kept on the phone and sent later.
 */
export function CounterScanner({ actor }: CounterScannerProps) {
  const t = useT();
  // Nothing is chosen at first: the camera reads nothing until staff say what to do (and have typed the
  // amount), so a QR already in view is not stamped too early.
  const [action, setAction] = useState<ScanAction | null>(null);
  const [amountText, setAmountText] = useState("");
  const [editingAmount, setEditingAmount] = useState(false);
  const [typing, setTyping] = useState(false);
  const [view, setView] = useState<ResultView | null>(null);
  const [byPhone, setByPhone] = useState(false);
  const [typedWaitUntil, setTypedWaitUntil] = useState<number>();
  const request = useCounterRequest(actor);
  const scanRules = useScanRules();
  const recentlySent = useRef(new Map<string, number>());
  // Set at once (state waits for a render): two codes in one camera frame must not both be sent.
  const answering = useRef(false);
  const busy = request.isPending || view !== null;
  // Until the rules are here (they come with the first amount typed), a typed amount is not yet checked.
  const amount = scanRules.rules?.parseAmount(amountText) ?? {};
  const purchaseAmount = action === "stamp" ? amount.amount : undefined;

  const show = useCallback((next: ResultView) => {
    answering.current = true;
    setView(next);
    signal(next.tone);
  }, []);

  const send = (code: string, from: "camera" | "typed") => {
    if (answering.current || action === null) return;
    answering.current = true;
    scanRules.load().then(
      (rules) => sendChecked(rules, code, from, action),
      () => show(localRefusal(t("counter.scanner.saveFailed"))),
    );
  };

  const sendChecked = (rules: ScanRules, code: string, from: "camera" | "typed", action: ScanAction) => {
    const amount = rules.parseAmount(amountText);
    const purchaseAmount = action === "stamp" ? amount.amount : undefined;
    const now = Date.now();
    // The same code for the same thing (and amount) is not sent twice from the camera.
    const scanKey = `${action} ${purchaseAmount ?? ""} ${code}`;
    for (const [key, at] of recentlySent.current) {
      if (now - at >= sameScanQuietMs) recentlySent.current.delete(key);
    }
    if (from === "camera" && recentlySent.current.has(scanKey)) {
      answering.current = false;
      return;
    }
    if (action === "stamp" && amount.error) {
      show(localRefusal(amount.error));
      return;
    }
    recentlySent.current.set(scanKey, now);
    request.mutate(
      { kind: "scan", body: { qrData: code, action, purchaseAmount } },
      {
        onSuccess: (outcome: CounterOutcome) => {
          const next = resultViewOf(outcome);
          // Only typed codes are slowed: the wait stays on the code form after the answer closes.
          if (from === "typed" && next.waitUntil) setTypedWaitUntil(next.waitUntil);
          show(next);
        },
        onError: () =>
          // Only the phone's own store can fail here (the request itself answers with an outcome).
          show(localRefusal(t("counter.scanner.saveFailed"))),
      },
    );
  };

  const next = useCallback(() => {
    answering.current = false;
    setView(null);
  }, []);
  const chosen = actions.find((item) => item.value === action);

  // Checking in by phone number takes the screen: its own amount and its one action, no camera reading.
  if (byPhone) {
    return (
      <div className="space-y-4" onPointerDown={unlockSound}>
        <Suspense fallback={<PageSpinner />}>
          <PhoneCheckin
            actor={actor}
            startAmount={amountText}
            onResult={show}
            onClose={() => setByPhone(false)}
          />
        </Suspense>
        {view && <ScanResultScreen view={view} onNext={next} />}
      </div>
    );
  }

  return (
    <div className="space-y-4" onPointerDown={unlockSound}>
      <AmountField
        value={amountText}
        onChange={(text) => {
          setAmountText(text);
          void scanRules.load();
        }}
        error={amount.error}
        onEditing={setEditingAmount}
      />
      <ActionChooser
        action={action}
        onChoose={(chosen) => {
          setAction(chosen);
          void scanRules.load();
        }}
      />
      {chosen && <p className="text-sm font-medium text-stone-700">{t(chosen.hint)}</p>}
      {action === "stamp" && !actor.hasLoyaltyProgram && (
        <p role="note" className="rounded-xl bg-amber-100 p-3 text-sm font-semibold text-amber-950">
          {t("counter.scanner.noProgram")}
        </p>
      )}

      <p
        role="status"
        className={`min-h-7 text-center text-base font-extrabold ${action === null || editingAmount ? "text-amber-800" : "text-green-800"}`}
      >
        {action === null
          ? t("counter.scanner.chooseToStart")
          : editingAmount
            ? t("counter.scanner.paused")
            : t("counter.scanner.ready", { action: chosen ? t(chosen.label) : "" })}
      </p>
      <div className="relative">
        <QrCamera
          label={t("counter.cameraLabel")}
          onCode={(code) => send(code, "camera")}
          // Not while the amount is being typed: a half-typed "2" of "25" must not be sent.
          paused={busy || action === null || editingAmount}
          rearmKey={`${action} ${purchaseAmount ?? ""}`}
          onUnavailable={() => setTyping(true)}
          fallbackHint={t("counter.scanner.cameraFallback")}
        />
        {request.isPending && (
          <p
            role="status"
            className="absolute inset-x-0 bottom-3 mx-auto w-fit rounded-full bg-white px-4 py-2 text-base font-bold text-stone-950"
          >
            <ScanLine className="mr-1 inline size-5 animate-pulse" aria-hidden />
            {t("counter.scanner.checking")}
          </p>
        )}
      </div>

      {typing ? (
        <TypedCodeForm
          busy={busy}
          needsAction={action === null}
          waitUntil={typedWaitUntil}
          onSend={(code) => send(code, "typed")}
          loadRules={scanRules.load}
        />
      ) : (
        <button type="button" onClick={() => setTyping(true)} className={counterWideButtonClass}>
          <Keyboard className="size-6" aria-hidden />
          {t("counter.scanner.typeACode")}
        </button>
      )}

      <PhoneCheckinOpener onOpen={() => setByPhone(true)} />

      {view && <ScanResultScreen view={view} onNext={next} />}
    </div>
  );
}
