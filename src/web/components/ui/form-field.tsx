import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

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

interface FieldFrameProps {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  labelNote?: string;
  id?: string;
  className?: string;
}

/** The ids that tie a control to its label, hint and error. */
function useFieldIds(name: string, id: string | undefined, hint: ReactNode, error: string | undefined) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  const describedBy =
    [hint ? `${inputId}-hint` : "", error ? `${inputId}-error` : ""].filter(Boolean).join(" ") || undefined;
  return { inputId, describedBy };
}

function FieldFrame({
  inputId,
  label,
  labelNote,
  hint,
  error,
  className,
  children,
}: Omit<FieldFrameProps, "name" | "id"> & { inputId: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {label}
        {labelNote && <span className="font-normal text-stone-500"> {labelNote}</span>}
      </label>
      {children}
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
    </div>
  );
}

type SelectFieldProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "className"> & { children: ReactNode };

/** A labelled select with its hint and error. */
export function SelectField({
  name,
  label,
  error,
  hint,
  labelNote,
  id,
  className = "",
  children,
  ...select
}: SelectFieldProps) {
  const { inputId, describedBy } = useFieldIds(name, id, hint, error);
  return (
    <FieldFrame inputId={inputId} {...{ label, labelNote, hint, error, className }}>
      <select
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} ${inputStateClass(Boolean(error))}`}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "className">;

/** A labelled multi-line text field with its hint and error. */
export function TextAreaField({
  name,
  label,
  error,
  hint,
  labelNote,
  id,
  className = "",
  ...textarea
}: TextAreaFieldProps) {
  const { inputId, describedBy } = useFieldIds(name, id, hint, error);
  return (
    <FieldFrame inputId={inputId} {...{ label, labelNote, hint, error, className }}>
      <textarea
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} ${inputStateClass(Boolean(error))}`}
        {...textarea}
      />
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<FieldFrameProps, "labelNote"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className" | "type">;

/** A checkbox with its label beside it, and a hint and error under it. */
export function CheckboxField({
  name,
  label,
  error,
  hint,
  id,
  className = "",
  ...input
}: CheckboxFieldProps) {
  const { inputId, describedBy } = useFieldIds(name, id, hint, error);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-1 size-5 shrink-0 rounded border-stone-300 accent-amber-600"
          {...input}
        />
        <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 ml-8 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
    </div>
  );
}
