import { ArrowLeft, CircleCheck, Globe, KeyRound, QrCode } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { Redemption } from "../../../shared/contracts/counter";
import type { MyReward } from "../../../shared/contracts/rewards";
import { QrCodeImage } from "../../components/qr-code-image";
import { Button } from "../../components/ui/button";
import { digitsOnly } from "../../components/ui/code-input";
import { Dialog } from "../../components/ui/dialog";
import {
  FieldError,
  FieldHint,
  inputClass,
  inputStateClass,
  useFieldIds,
} from "../../components/ui/field-parts";
import { FormAlert } from "../../components/ui/form-alert";
import { ApiError } from "../../lib/api-client";
import { formatCountdown, localExpiry, secondsUntil, useNow } from "../../lib/countdown";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import { usePollWhileVisible } from "../../lib/poll";
import { useCreateRewardQr, useMyRewards, useRedeemReward } from "./api";
import { isLockedOut, redeemFailureMessage, staffCodeError } from "./redeem-rules";

/** A reward QR is valid for 2 minutes (contracts/counter.ts). */
const rewardQrLifetimeMs = 2 * 60_000;
/** While the QR is shown, My Rewards is read this often to see the counter's scan. */
const usedPollMs = 3_000;
/** The success screen closes by itself after this long. */
const closeAfterDoneMs = 6_000;

type Step = "choose" | "qr" | "staff" | "self" | "done";

const titles: Record<Step, UiKey> = {
  choose: "rewards.redeem.title",
  qr: "rewards.redeem.showQr",
  staff: "rewards.redeem.staffTypes",
  self: "rewards.redeem.usedOnline",
  done: "rewards.redeem.redeemed",
};

/** Stands in for the value a sentence draws as an element (bold, code), wherever the language puts it. */
const slot = "\u0000";

/** A translated sentence whose `slot` value is drawn as `node`. */
function Sentence({ text, node }: { text: string; node: ReactNode }) {
  const [before, after] = text.split(slot);
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}

/** A square the size of the QR, for what shows while there is none. */
function QrBox({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex aspect-square w-[260px] max-w-full flex-col items-center justify-center gap-3 rounded-2xl bg-stone-100 p-5 text-center ring-1 ring-stone-300">
      {children}
    </div>
  );
}

function BackButton({ onBack }: { onBack(): void }) {
  const t = useT();
  return (
    <Button variant="ghost" className="min-h-11 w-full" onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden /> {t("rewards.redeem.back")}
    </Button>
  );
}

function MethodButton({
  icon,
  title,
  description,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  onClick(): void;
}) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="flex min-h-16 w-full items-center gap-3 rounded-xl bg-white p-3 text-left ring-1 ring-stone-300 hover:bg-amber-50 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        {icon}
      </span>
      <span>
        <span id={`${id}-title`} className="block font-bold text-stone-900">
          {title}
        </span>
        <span id={`${id}-description`} className="block text-sm text-stone-600">
          {description}
        </span>
      </span>
    </button>
  );
}

function ChooseMethod({
  reward,
  offer,
  onChoose,
}: {
  reward: MyReward;
  offer: string;
  onChoose(step: Step): void;
}) {
  const t = useT();
  return (
    <div className="space-y-3">
      <p className="text-stone-700">
        <Sentence
          text={t("rewards.redeem.offerAt", { offer: slot, company: reward.company.name })}
          node={<strong className="text-stone-900">{offer}</strong>}
        />
      </p>
      <MethodButton
        icon={<QrCode className="size-5" aria-hidden />}
        title={t("rewards.redeem.showQr")}
        description={t("rewards.redeem.showQrText")}
        onClick={() => onChoose("qr")}
      />
      <MethodButton
        icon={<KeyRound className="size-5" aria-hidden />}
        title={t("rewards.redeem.staffTypes")}
        description={t("rewards.redeem.staffTypesText")}
        onClick={() => onChoose("staff")}
      />
      {reward.code && (
        <MethodButton
          icon={<Globe className="size-5" aria-hidden />}
          title={t("rewards.redeem.usedOnline")}
          description={t("rewards.redeem.usedOnlineText")}
          onClick={() => onChoose("self")}
        />
      )}
    </div>
  );
}

/**
 * The reward's signed, single-use QR for the counter's scanner, with the time it has left. My Rewards
 * is read every few seconds meanwhile; the dialog turns to success once the reward shows as used.
 */
function RewardQrStep({ reward, onBack }: { reward: MyReward; onBack(): void }) {
  const create = useCreateRewardQr(reward.id);
  const { mutate } = create;
  const rewards = useMyRewards();
  const now = useNow(1_000);
  const t = useT();
  const asked = useRef(false);
  useEffect(() => {
    // Once per opening, even when React runs effects twice: each call makes a new code.
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);
  usePollWhileVisible(() => void rewards.refetch({ cancelRefetch: false }), usedPollMs);

  const qr = create.data;
  const expiresAt = qr ? localExpiry(qr.expiresAt, create.submittedAt, rewardQrLifetimeMs) : null;
  const newQr = (label: string) => (
    <Button className="min-h-11" onClick={() => mutate()}>
      {label}
    </Button>
  );

  let body: ReactNode;
  if (create.isPending) {
    body = (
      <QrBox>
        <span
          aria-hidden
          className="size-8 animate-spin rounded-full border-4 border-stone-300 border-t-stone-700"
        />
        <p role="status" className="font-semibold text-stone-800">
          {t("rewards.redeem.gettingQr")}
        </p>
      </QrBox>
    );
  } else if (create.isError) {
    body = (
      <QrBox>
        <div role="alert">
          <p className="font-bold text-stone-900">{t("rewards.redeem.qrFailed")}</p>
          <p className="mt-1 text-sm text-stone-700">{redeemFailureMessage(create.error)}</p>
        </div>
        {newQr(t("rewards.tryAgain"))}
      </QrBox>
    );
  } else if (qr && expiresAt !== null && now < expiresAt) {
    body = (
      <div className="text-center">
        <div className="mx-auto w-[260px] max-w-full overflow-hidden rounded-2xl bg-white ring-1 ring-stone-300">
          <QrCodeImage
            data={qr.qrData}
            label={t("rewards.redeem.qrLabel")}
            testId="reward-qr"
            className="w-full"
          />
        </div>
        <p className="mt-2 font-semibold text-stone-900">
          {t("rewards.redeem.expiresIn", { time: formatCountdown(secondsUntil(expiresAt, now)) })}
        </p>
        <p className="mt-1 text-sm text-stone-700">
          {t("rewards.redeem.scanOnce", { company: reward.company.name })}
        </p>
        <p className="mt-3 text-sm font-medium text-stone-700">{t("rewards.redeem.typedCodeIntro")}</p>
        <fieldset
          aria-label={t("rewards.redeem.typedCode")}
          data-testid="reward-typed-code"
          className="mt-1 min-w-0 font-mono text-3xl font-extrabold tracking-[0.12em] text-stone-950 select-all"
        >
          {qr.typedCode}
        </fieldset>
      </div>
    );
  } else {
    body = (
      <QrBox>
        <div role="status">
          <p className="font-bold text-stone-900">{t("rewards.redeem.qrExpired")}</p>
          <p className="mt-1 text-sm text-stone-700">{t("rewards.redeem.qrExpiredText")}</p>
        </div>
        {newQr(t("rewards.redeem.newQr"))}
      </QrBox>
    );
  }
  return (
    <div className="space-y-3">
      {body}
      <BackButton onBack={onBack} />
    </div>
  );
}

/**
 * The staff member's 6-digit code, typed on the member's phone. Shown as dots, so the member holding
 * the phone afterwards doesn't learn it; digits only, on the number keypad.
 */
function StaffCodeField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const hint = t("rewards.redeem.staffCodeHint");
  const { inputId, hintId, errorId, controlProps } = useFieldIds("staffCode", hint, error);
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {t("rewards.redeem.staffCode")}
      </label>
      <input
        {...controlProps}
        name="staffCode"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        pattern="[0-9]{6}"
        maxLength={6}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(digitsOnly(event.target.value))}
        className={`${inputClass} ${inputStateClass(Boolean(error))} min-h-12 text-center font-mono text-2xl tracking-[0.5em] [-webkit-text-security:disc]`}
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

function StaffCodeStep({
  reward,
  onDone,
  onBack,
}: {
  reward: MyReward;
  onDone(redemption: Redemption): void;
  onBack(): void;
}) {
  const redeem = useRedeemReward();
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [locked, setLocked] = useState(false);
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = staffCodeError(code);
    setFieldError(problem);
    if (problem) return;
    setRefusal(undefined);
    redeem.mutate(
      { rewardId: reward.id, method: "staff", staffCode: code },
      {
        onSuccess: (result) => onDone(result.redemption),
        onError: (failure) => {
          const aboutTheCode = failure instanceof ApiError ? failure.fields?.staffCode : undefined;
          if (aboutTheCode) setFieldError(aboutTheCode);
          else setRefusal(redeemFailureMessage(failure));
          setLocked(isLockedOut(failure));
          setCode("");
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-stone-700">
        <Sentence
          text={t("rewards.redeem.handPhone", { company: slot })}
          node={<strong>{reward.company.name}</strong>}
        />
      </p>
      <StaffCodeField
        value={code}
        onChange={(next) => {
          setCode(next);
          setFieldError(undefined);
        }}
        error={fieldError}
        disabled={locked || redeem.isPending}
      />
      {refusal && <FormAlert testId="redeem-refusal">{refusal}</FormAlert>}
      <Button
        type="submit"
        className="min-h-12 w-full"
        pending={redeem.isPending}
        pendingLabel={t("rewards.redeem.checking")}
        disabled={locked}
      >
        {t("rewards.redeem.confirm")}
      </Button>
      <BackButton onBack={onBack} />
    </form>
  );
}

function MarkUsedStep({
  reward,
  onDone,
  onBack,
}: {
  reward: MyReward;
  onDone(redemption: Redemption): void;
  onBack(): void;
}) {
  const redeem = useRedeemReward();
  const [refusal, setRefusal] = useState<string>();
  const t = useT();
  const markUsed = () => {
    setRefusal(undefined);
    redeem.mutate(
      { rewardId: reward.id, method: "self" },
      {
        onSuccess: (result) => onDone(result.redemption),
        onError: (failure) => setRefusal(redeemFailureMessage(failure)),
      },
    );
  };
  return (
    <div className="space-y-4">
      <p className="text-lg font-bold text-stone-900">{t("rewards.redeem.markQuestion")}</p>
      {reward.code && (
        <p className="text-stone-700">
          <Sentence
            text={t("rewards.redeem.markText", { code: slot, company: reward.company.name })}
            node={<code className="font-mono font-bold">{reward.code}</code>}
          />
        </p>
      )}
      {refusal && <FormAlert testId="redeem-refusal">{refusal}</FormAlert>}
      <div className="flex flex-col gap-3 min-[380px]:flex-row-reverse">
        <Button
          className="min-h-12 flex-1"
          onClick={markUsed}
          pending={redeem.isPending}
          pendingLabel={t("rewards.redeem.marking")}
        >
          {t("rewards.redeem.markUsed")}
        </Button>
        <Button variant="secondary" className="min-h-12 flex-1" onClick={onBack}>
          {t("rewards.redeem.cancel")}
        </Button>
      </div>
    </div>
  );
}

function Redeemed({
  reward,
  redemption,
  onClose,
}: {
  reward: MyReward;
  redemption: Redemption | null;
  onClose(): void;
}) {
  const t = useT();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const timer = setTimeout(() => onCloseRef.current(), closeAfterDoneMs);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="py-2 text-center">
      <CircleCheck className="mx-auto size-16 text-green-700" aria-hidden />
      <p role="status" className="mt-2 text-2xl font-extrabold text-stone-900">
        {t("rewards.redeem.redeemedAt", { company: reward.company.name })}
      </p>
      {redemption && (
        <p className="mt-1 text-sm text-stone-700">
          {redemption.staffName
            ? t("rewards.redeem.redemptionConfirmed", {
                number: redemption.redemptionNumber,
                staff: redemption.staffName,
              })
            : t("rewards.redeem.redemption", { number: redemption.redemptionNumber })}
        </p>
      )}
      <Button className="mt-5 min-h-12 w-full" onClick={onClose}>
        {t("rewards.redeem.done")}
      </Button>
    </div>
  );
}

interface RedeemDialogProps {
  reward: MyReward;
  /** What the reward gives, as the list shows it ("20% off"). */
  offer: string;
  open: boolean;
  onClose(): void;
}

/** Redeem a discount: the QR for the counter's scanner, the staff member's code, or marking it used. */
export function RedeemDialog({ reward, offer, open, onClose }: RedeemDialogProps) {
  const [step, setStep] = useState<Step>("choose");
  const [redemption, setRedemption] = useState<Redemption | null>(null);
  const t = useT();
  const close = () => {
    setStep("choose");
    setRedemption(null);
    onClose();
  };
  const finish = (made: Redemption | null) => {
    setRedemption(made);
    setStep("done");
  };
  // The counter scanned the QR: My Rewards (read every few seconds meanwhile) shows the reward used.
  if (open && step === "qr" && reward.status === "used") finish(null);

  const back = () => setStep("choose");
  return (
    <Dialog open={open} onClose={close} title={t(titles[step])}>
      {step === "choose" && <ChooseMethod reward={reward} offer={offer} onChoose={setStep} />}
      {step === "qr" && <RewardQrStep reward={reward} onBack={back} />}
      {step === "staff" && <StaffCodeStep reward={reward} onDone={finish} onBack={back} />}
      {step === "self" && <MarkUsedStep reward={reward} onDone={finish} onBack={back} />}
      {step === "done" && <Redeemed reward={reward} redemption={redemption} onClose={close} />}
    </Dialog>
  );
}
