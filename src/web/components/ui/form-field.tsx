import { type InputHTMLAttributes, type ReactNode, useId } from "react";

export const inputClass =
  "mt-1 w-full rounded-xl border bg-white px-3 py-2.5 text-base text-stone-900 focus:outline-none focus:ring-2 disabled:bg-stone-100";

export function inputStateClass(invalid: boolean): string {
  return invalid
    ? "border-red-500 focus:border-red-500 focus:ring-red-200"
    : "border-stone-300 focus:border-amber-500 focus:ring-amber-200";
}

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name"> {
  name: string;
  label: ReactNode;
  /** A message shown under the field and announced with it (client or server validation). */
  error?: string;
  /** Help text under the field, also linked with aria-describedby. */
  hint?: ReactNode;
  /** Extra text after the label, e.g. "(optional)". */
  labelNote?: string;
}

/** A labelled input with its hint and error, both associated with the input for screen readers. */
export function FormField({
  name,
  label,
  error,
  hint,
  labelNote,
  id,
  className = "",
  ...input
}: FormFieldProps) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {label}
        {labelNote && <span className="font-normal text-stone-500"> {labelNote}</span>}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} ${inputStateClass(Boolean(error))}`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}
