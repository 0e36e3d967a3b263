import type {
  FormHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import {
  type FieldValues,
  FormProvider,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
  useController,
  useFormContext,
  useFormState,
} from "react-hook-form";
import { useLanguage } from "../../lib/i18n";
import { translateMessage } from "../../lib/language";
import { CodeInput } from "./code-input";
import {
  FieldError,
  FieldFrame,
  FieldHint,
  type FieldText,
  inputClass,
  inputStateClass,
  LabelText,
  useFieldIds,
} from "./field-parts";

/**
 * The form field set: every field is bound by name to the form around it (react-hook-form), with its
 * label, hint and error tied to the control (aria-describedby, aria-invalid). The first invalid field
 * takes the focus on submit.
 */

interface FormProps<TValues extends FieldValues, TOutput>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit" | "onInvalid"> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Called with the contract's parsed values once every field is valid. */
  onValid: SubmitHandler<TOutput>;
  onInvalid?: SubmitErrorHandler<TValues>;
  /** Work that must finish before the values are read, e.g. an upload still in flight; false stops the submit. */
  waitFor?: () => Promise<boolean>;
}

export function Form<TValues extends FieldValues, TOutput>({
  form,
  onValid,
  onInvalid,
  waitFor,
  children,
  ...props
}: FormProps<TValues, TOutput>) {
  const submit = form.handleSubmit(onValid, onInvalid);
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void (waitFor ? waitFor().then((proceed) => (proceed ? submit() : undefined)) : submit());
        }}
        {...props}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * The message the form holds for a field (its own check or the server's), in the language on screen: the
 * shared contracts check in English, and the catalog of messages has them in Twi.
 */
function useFieldError(name: string): string | undefined {
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name });
  useLanguage();
  const message = getFieldState(name, formState).error?.message;
  return message === undefined ? undefined : translateMessage(message);
}

type FieldProps = Omit<FieldText, "error"> & { name: string; className?: string };

type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className">;

/** A text-like input: text, email, password, tel, url, number or date. */
export function TextField({
  name,
  label,
  hint,
  labelNote,
  required,
  className,
  onChange,
  ...input
}: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const { inputId, controlProps } = useFieldIds(name, hint, error);
  return (
    <FieldFrame {...{ inputId, label, labelNote, required, hint, error, className }}>
      <input
        {...controlProps}
        aria-required={required || undefined}
        className={`${inputClass} ${inputStateClass(Boolean(error))}`}
        {...input}
        {...register(name, { onChange })}
      />
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "className">;

export function TextAreaField({
  name,
  label,
  hint,
  labelNote,
  required,
  className,
  onChange,
  ...textarea
}: TextAreaFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const { inputId, controlProps } = useFieldIds(name, hint, error);
  return (
    <FieldFrame {...{ inputId, label, labelNote, required, hint, error, className }}>
      <textarea
        {...controlProps}
        aria-required={required || undefined}
        className={`${inputClass} ${inputStateClass(Boolean(error))}`}
        {...textarea}
        {...register(name, { onChange })}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "className"> & { children: ReactNode };

/** A select; its options are the children. */
export function SelectField({
  name,
  label,
  hint,
  labelNote,
  required,
  className,
  children,
  onChange,
  ...select
}: SelectFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const { inputId, controlProps } = useFieldIds(name, hint, error);
  return (
    <FieldFrame {...{ inputId, label, labelNote, required, hint, error, className }}>
      <select
        {...controlProps}
        aria-required={required || undefined}
        className={`${inputClass} ${inputStateClass(Boolean(error))}`}
        {...select}
        {...register(name, { onChange })}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<FieldProps, "labelNote" | "required"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className" | "type">;

/** One checkbox (a true/false value) with its label beside it. */
export function CheckboxField({ name, label, hint, className = "", onChange, ...input }: CheckboxFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const { inputId, hintId, errorId, controlProps } = useFieldIds(name, hint, error);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...controlProps}
          type="checkbox"
          className="mt-1 size-5 shrink-0 rounded border-stone-300 accent-amber-600"
          {...input}
          {...register(name, { onChange })}
        />
        <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
          {label}
        </label>
      </div>
      {hint && (
        <FieldHint id={hintId} className="ml-8">
          {hint}
        </FieldHint>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

interface ChoiceOption {
  value: string;
  label: ReactNode;
}

interface ChoiceGroupFieldProps extends FieldProps {
  options: readonly ChoiceOption[];
  /** Checkboxes, any number of them (a list of values); otherwise radio buttons (one value). */
  multiple?: boolean;
}

/** A labelled group of checkboxes or radio buttons (a fieldset with its legend, hint and error). */
export function ChoiceGroupField({
  name,
  label,
  hint,
  labelNote,
  required,
  className = "",
  options,
  multiple = false,
}: ChoiceGroupFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const { hintId, errorId, controlProps } = useFieldIds(name, hint, error);
  return (
    <fieldset className={className} aria-describedby={controlProps["aria-describedby"]}>
      <legend className="text-sm font-medium text-stone-700">
        <LabelText label={label} labelNote={labelNote} required={required} />
      </legend>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 items-center gap-2 rounded-lg bg-stone-100 px-3 py-1.5 text-sm"
          >
            <input
              type={multiple ? "checkbox" : "radio"}
              value={option.value}
              aria-invalid={error ? true : undefined}
              className="accent-amber-600"
              {...register(name)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

interface CodeFieldProps {
  name: string;
  label: string;
  hint?: string;
  /** Called 0.5 s after the sixth digit. */
  onComplete?(code: string): void;
  autoFocus?: boolean;
}

/** The 6-digit code entry of `CodeInput`, as a form field. */
export function CodeField({ name, label, hint, onComplete, autoFocus }: CodeFieldProps) {
  const { setValue, clearErrors } = useFormContext();
  const { field, fieldState } = useController({ name });
  return (
    <CodeInput
      ref={field.ref}
      name={name}
      value={field.value ?? ""}
      // A new digit clears the message without checking a half-typed code; submitting checks it.
      onChange={(code) => {
        setValue(name, code, { shouldDirty: true });
        clearErrors(name);
      }}
      onComplete={onComplete}
      label={label}
      hint={hint}
      error={fieldState.error?.message && translateMessage(fieldState.error.message)}
      autoFocus={autoFocus}
    />
  );
}
