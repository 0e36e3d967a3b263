import { type ChangeEvent, type Ref, useEffect, useRef } from "react";
import { FieldError, FieldHint, inputClass, inputStateClass, useFieldIds } from "./field-parts";

export const codeLength = 6;
const autoSubmitDelayMs = 500;

/** Keeps digits only, at most six (docs/product-rules.md#accounts-phone-codes). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "").slice(0, codeLength);
}

interface CodeInputProps {
  value: string;
  onChange(value: string): void;
  /** Called 0.5 s after the sixth digit, unless the value changes meanwhile. */
  onComplete?(code: string): void;
  label: string;
  name?: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A 6-digit one-time-code input: numeric keypad, SMS autofill, anything but digits stripped. */
export function CodeInput({
  value,
  onChange,
  onComplete,
  label,
  name = "otp",
  error,
  hint,
  disabled,
  autoFocus,
  ref,
}: CodeInputProps) {
  const { inputId, hintId, errorId, controlProps } = useFieldIds(name, hint, error);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  useEffect(() => {
    if (value.length !== codeLength || !onCompleteRef.current) return;
    const timer = setTimeout(() => onCompleteRef.current?.(value), autoSubmitDelayMs);
    return () => clearTimeout(timer);
  }, [value]);

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        {...controlProps}
        ref={ref}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        value={value}
        disabled={disabled}
        // biome-ignore lint/a11y/noAutofocus: the code entry is the only thing to do on this card.
        autoFocus={autoFocus}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(digitsOnly(event.target.value))}
        placeholder="123456"
        className={`${inputClass} ${inputStateClass(Boolean(error))} text-center font-mono text-2xl tracking-[0.5em]`}
      />
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
