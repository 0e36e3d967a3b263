import { type ChangeEvent, useEffect, useId, useRef } from "react";
import { FieldError, inputClass, inputStateClass } from "./form-field";

export const codeLength = 6;
const autoSubmitDelayMs = 500;

/** Keeps digits only, at most six (spec section 4). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "").slice(0, codeLength);
}

interface CodeInputProps {
  value: string;
  onChange(value: string): void;
  /** Called 0.5 s after the sixth digit, unless the value changes meanwhile. */
  onComplete?(code: string): void;
  label?: string;
  name?: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A 6-digit one-time-code input: numeric keypad, SMS autofill, anything but digits stripped. */
export function CodeInput({
  value,
  onChange,
  onComplete,
  label = "6-digit code",
  name = "otp",
  error,
  hint,
  disabled,
  autoFocus,
}: CodeInputProps) {
  const id = `${name}-${useId()}`;
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  useEffect(() => {
    if (value.length !== codeLength || !onCompleteRef.current) return;
    const timer = setTimeout(() => onCompleteRef.current?.(value), autoSubmitDelayMs);
    return () => clearTimeout(timer);
  }, [value]);

  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={id}
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
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        placeholder="123456"
        className={`${inputClass} ${inputStateClass(Boolean(error))} text-center font-mono text-2xl tracking-[0.5em]`}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
