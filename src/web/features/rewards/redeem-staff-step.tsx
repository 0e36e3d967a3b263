import { type FormEvent, useState } from "react";
import type { Redemption } from "../../../shared/contracts/counter";
import type { MyReward } from "../../../shared/contracts/rewards";
import { Button } from "../../components/ui/button";
import { digitsOnly } from "../../components/ui/code-input";
import {
  FieldError,
  FieldHint,
  inputClass,
  inputStateClass,
  useFieldIds,
} from "../../components/ui/field-parts";
import { FormAlert } from "../../components/ui/form-alert";
import { ApiError } from "../../lib/api-client";
import { useT } from "../../lib/i18n";
import { useRedeemReward } from "./api";
import { BackButton, Sentence, slot } from "./redeem-parts";
import { isLockedOut, redeemFailureMessage, staffCodeError } from "./redeem-rules";

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

export function StaffCodeStep({
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
