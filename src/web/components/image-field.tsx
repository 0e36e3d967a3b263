import { type ChangeEvent, useState } from "react";
import { useFormContext, useFormState } from "react-hook-form";
import { useT } from "../lib/i18n";
import { compressImageToDataUrl } from "../lib/image-compress";
import { translateMessage } from "../lib/language";
import { FieldError, FieldHint, useFieldIds } from "./ui/field-parts";

interface ImageFieldProps {
  /** The form field that keeps the picked image as a JPEG data URL ("" when none). */
  name: string;
  label: string;
  /** Extra text after the label, e.g. "(optional)". */
  labelNote?: string;
  hint: string;
  /** Opens the back camera on phones (a receipt) instead of the photo library. */
  capture?: "environment";
  /** The longest side the image keeps (the default suits screenshots). */
  maxSide?: number;
  /** Other fields whose messages a picked image answers, e.g. a link it stands in for. */
  alsoClears?: string[];
  preparingText: string;
  previewAlt: string;
  /** The preview's height limit, e.g. "max-h-48". */
  previewMaxHeight: string;
}

/** A photo or screenshot box: the picked image is shrunk on the phone, then kept in the form. */
export function ImageField({
  name,
  label,
  labelNote,
  hint,
  capture,
  maxSide,
  alsoClears = [],
  preparingText,
  previewAlt,
  previewMaxHeight,
}: ImageFieldProps) {
  const { setValue, watch, clearErrors } = useFormContext();
  const { errors } = useFormState({ name });
  // Re-renders in a newly chosen language, with the contract's or the server's English translated (as
  // the other form fields show it).
  const t = useT();
  const message = errors[name]?.message as string | undefined;
  const error = message === undefined ? undefined : translateMessage(message);
  const { inputId, hintId, errorId, controlProps } = useFieldIds(name, hint, error);
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const image = watch(name) as string;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setProblem(null);
    if (!file) return;
    setPreparing(true);
    try {
      setValue(name, await compressImageToDataUrl(file, maxSide), { shouldDirty: true });
      clearErrors([name, ...alsoClears]);
    } catch (failure) {
      setValue(name, "");
      setProblem(failure instanceof Error ? failure.message : t("image.unreadable"));
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-700">
        {label}
        {labelNote && (
          <>
            {" "}
            <span className="font-normal text-stone-500">{labelNote}</span>
          </>
        )}
      </label>
      <input
        {...controlProps}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture={capture}
        onChange={(event) => void pick(event)}
        className="mt-1 block w-full text-sm text-stone-700 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-amber-100 file:px-4 file:font-semibold file:text-amber-900"
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      {preparing && (
        <p role="status" className="mt-1 text-sm text-stone-600">
          {preparingText}
        </p>
      )}
      {image && !preparing && (
        <img
          src={image}
          alt={previewAlt}
          className={`mt-2 ${previewMaxHeight} rounded-lg ring-1 ring-stone-200`}
        />
      )}
      {(problem ?? error) && <FieldError id={errorId}>{problem ?? error}</FieldError>}
    </div>
  );
}
