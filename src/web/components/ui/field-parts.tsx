import { type ReactNode, useId } from "react";

/**
 * The look of a field and the ids that tie a control to its label, hint and error, with no form
 * library: the search box and the code input use these too. Form fields are in `form-field.tsx`.
 */
export const inputClass =
  "mt-1 w-full rounded-xl border bg-white px-3 py-2.5 text-base text-stone-900 focus:outline-none focus:ring-2 disabled:bg-stone-100";

export function inputStateClass(invalid: boolean): string {
  return invalid
    ? "border-red-500 focus:border-red-500 focus:ring-red-200"
    : "border-stone-300 focus:border-amber-500 focus:ring-amber-200";
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

export interface FieldText {
  label: ReactNode;
  /** A message shown under the field and announced with it (client or server validation). */
  error?: string;
  /** Help text under the field, also linked with aria-describedby. */
  hint?: ReactNode;
  /** Extra text after the label, e.g. "(optional)". */
  labelNote?: string;
  /** Marks the label with a red asterisk (the control gets aria-required). */
  required?: boolean;
}

/** The control's id and the attributes that tie it to its hint and error. */
export function useFieldIds(name: string, hint: ReactNode, error: string | undefined) {
  const inputId = `${name}-${useId()}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return {
    inputId,
    hintId,
    errorId,
    controlProps: {
      id: inputId,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy,
    },
  };
}

export function FieldHint({
  id,
  children,
  className = "",
}: {
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <p id={id} className={`mt-1 text-xs text-stone-600 ${className}`}>
      {children}
    </p>
  );
}

export function LabelText({
  label,
  labelNote,
  required,
}: Pick<FieldText, "label" | "labelNote" | "required">) {
  return (
    <>
      {label}
      {required && <span className="text-red-600"> *</span>}
      {labelNote && <span className="font-normal text-stone-500"> {labelNote}</span>}
    </>
  );
}

/** A label above its control, then the hint and the error. */
export function FieldFrame({
  inputId,
  label,
  labelNote,
  required,
  hint,
  error,
  className,
  children,
}: FieldText & { inputId: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        <LabelText label={label} labelNote={labelNote} required={required} />
      </label>
      {children}
      {hint && <FieldHint id={`${inputId}-hint`}>{hint}</FieldHint>}
      {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
    </div>
  );
}
