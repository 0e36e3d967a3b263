import { type ReactNode, useId } from "react";

const inputClass =
  "mt-1 w-full rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200";

interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  /** Shown under the field and announced with it. */
  error?: string;
}

function Label({
  label,
  required,
  error,
  fieldId,
  children,
}: FieldProps & { fieldId: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={fieldId} className="block text-sm font-medium text-stone-700">
        {label}
        {required && <span className="text-red-600"> *</span>}
        {children}
      </label>
      {error && (
        <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes that tie an input to its error message. */
function errorAttributes(props: FieldProps, fieldId: string) {
  return props.error ? { "aria-invalid": true, "aria-describedby": `${fieldId}-error` } : {};
}

export function TextField(
  props: FieldProps & { type?: string; autoComplete?: string; placeholder?: string },
) {
  // Generated ids: both signup forms stay mounted and share field names.
  const fieldId = useId();
  return (
    <Label {...props} fieldId={fieldId}>
      <input
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        aria-required={props.required}
        id={fieldId}
        {...errorAttributes(props, fieldId)}
        className={inputClass}
      />
    </Label>
  );
}

export function TextAreaField(props: FieldProps) {
  // Generated ids: both signup forms stay mounted and share field names.
  const fieldId = useId();
  return (
    <Label {...props} fieldId={fieldId}>
      <textarea
        name={props.name}
        rows={3}
        id={fieldId}
        {...errorAttributes(props, fieldId)}
        className={inputClass}
      />
    </Label>
  );
}

export function SelectField(
  props: FieldProps & { options: readonly string[]; labels?: Readonly<Record<string, string>> },
) {
  // Generated ids: both signup forms stay mounted and share field names.
  const fieldId = useId();
  return (
    <Label {...props} fieldId={fieldId}>
      <select
        name={props.name}
        defaultValue=""
        id={fieldId}
        {...errorAttributes(props, fieldId)}
        className={inputClass}
      >
        <option value="">Select…</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.labels?.[option] ?? option}
          </option>
        ))}
      </select>
    </Label>
  );
}

export function CheckboxGroup(
  props: FieldProps & { options: readonly string[]; labels: Readonly<Record<string, string>> },
) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-700">{props.label}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {props.options.map((option) => (
          <label key={option} className="flex items-center gap-2 rounded-lg bg-stone-100 px-3 py-1.5 text-sm">
            <input type="checkbox" name={props.name} value={option} className="accent-amber-600" />
            {props.labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Reads a form's text fields as a record of trimmed strings; multi-value fields come back as arrays. */
export function readForm(form: HTMLFormElement, multiValued: readonly string[] = []) {
  const data = new FormData(form);
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(data.keys())) {
    values[key] = multiValued.includes(key)
      ? data.getAll(key).map(String)
      : String(data.get(key) ?? "").trim();
  }
  for (const key of multiValued) values[key] ??= [];
  return values;
}
