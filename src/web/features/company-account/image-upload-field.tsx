import { Upload } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { mediaLimits } from "../../../shared/contracts/ad-options";
import { Button } from "../../components/ui/button";
import { FieldError } from "../../components/ui/field-parts";
import { ProgressBar } from "../../components/ui/progress-bar";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatBytes } from "../../lib/upload";
import { useUploadCompanyImage } from "./api";

const imageTypes: readonly string[] = mediaLimits.imageTypes;

interface ImageUploadFieldProps {
  companyId: number;
  kind: "logo" | "storefront";
  label: string;
  currentUrl: string | null;
  /** The preview box: a square logo or a wide storefront photo. */
  previewClass: string;
}

/** The logo or the storefront photo: choose, check (type, size), upload with progress. */
export function ImageUploadField({
  companyId,
  kind,
  label,
  currentUrl,
  previewClass,
}: ImageUploadFieldProps) {
  const inputId = useId();
  const upload = useUploadCompanyImage(companyId, kind);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  // A new key empties the file input once its file is uploaded.
  const [inputKey, setInputKey] = useState(0);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProgress(null);
    setError(undefined);
    setFile(chosen);
    if (!chosen) return;
    if (!imageTypes.includes(chosen.type)) setError("Choose a JPEG, PNG or WebP image.");
    else if (chosen.size > mediaLimits.imageMaxBytes)
      setError(`Images must be ${formatBytes(mediaLimits.imageMaxBytes)} or smaller.`);
  };

  const send = () => {
    if (!file || error) return;
    setProgress(0);
    upload.mutate(
      { file, onProgress: ({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)) },
      {
        onSuccess: () => {
          setProgress(null);
          setFile(null);
          setInputKey((key) => key + 1);
          toast({ title: `${label} updated` });
        },
        onError: (failure) => {
          setProgress(null);
          setError(serverMessage(failure) ?? "The upload failed. Please try again.");
        },
      },
    );
  };

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        {currentUrl ? (
          <img
            src={currentUrl}
            alt={`Current ${label.toLowerCase()}`}
            className={`${previewClass} object-cover`}
          />
        ) : (
          <span
            className={`${previewClass} flex items-center justify-center bg-stone-100 text-xs text-stone-500`}
          >
            None yet
          </span>
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
            {label}
          </label>
          <input
            key={inputKey}
            id={inputId}
            type="file"
            accept={imageTypes.join(",")}
            onChange={choose}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
            className="mt-1 block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-amber-100 file:px-3 file:py-2 file:font-semibold file:text-amber-900"
          />
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-stone-500">
            JPEG, PNG or WebP up to {formatBytes(mediaLimits.imageMaxBytes)}.
          </p>
          {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
        </div>
      </div>
      {file && !error && (
        <Button
          variant="secondary"
          onClick={send}
          pending={upload.isPending}
          pendingLabel="Uploading…"
          className="w-full sm:w-auto"
        >
          <Upload className="size-4" aria-hidden /> Upload {label.toLowerCase()}
        </Button>
      )}
      {progress !== null && (
        <ProgressBar label={`${label} upload progress`} value={progress} valueText={`${progress}%`} />
      )}
    </div>
  );
}
