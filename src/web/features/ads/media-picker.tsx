import { CheckCircle2, Film, ImageIcon, RotateCcw } from "lucide-react";
import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import { useController } from "react-hook-form";
import { mediaLimits } from "../../../shared/contracts/ad-options";
import type { UploadedMedia } from "../../../shared/contracts/ads";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { plans } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { FieldError } from "../../components/ui/field-parts";
import { FormAlert } from "../../components/ui/form-alert";
import { ProgressBar } from "../../components/ui/progress-bar";
import { ApiError } from "../../lib/api-client";
import { serverMessage } from "../../lib/api-errors";
import { useRefreshCompany } from "../../lib/company-queries";
import { formatBytes } from "../../lib/upload";
import { uploadAdMedia } from "./api";
import { probeVideo } from "./video-probe";

/** What the ad currently shows (the saved ad's media, or the one just uploaded). */
export interface ChosenMedia {
  id: number;
  kind: "image" | "video";
  thumbnailUrl: string | null;
  durationSeconds: number | null;
}

interface MediaPickerProps {
  companyId: number;
  plan: PlanStatus;
  media: ChosenMedia | null;
  onUploaded(media: UploadedMedia): void;
  /** Called as a chosen file starts its way up; the promise settles when it is uploaded or refused. */
  /** Each choice or retry; `done` says whether the chosen file is now the ad's media. */
  onUploadStarted(done: Promise<boolean>): void;
  /** Fields that belong with the media (the duration), shown at the end of the group. */
  children?: ReactNode;
}

interface Selection {
  file: File;
  kind: "image" | "video";
  poster: Blob | null;
  note: string | null;
}

const imageTypes: readonly string[] = mediaLimits.imageTypes;
const videoTypes: readonly string[] = mediaLimits.videoTypes;

/** The file's kind by its declared type; the server checks the real content (magic bytes) again. */
function kindOf(file: File): "image" | "video" | null {
  if (imageTypes.includes(file.type)) return "image";
  if (videoTypes.includes(file.type)) return "video";
  return null;
}

/**
 * The ad's image or video (the form's `mediaId`): checked in the browser first (type, size, a video's
 * length for the plan), then uploaded at once with a real progress bar. The answer's id becomes the
 * ad's mediaId.
 */
export function MediaPicker({
  companyId,
  plan,
  media,
  onUploaded,
  onUploadStarted,
  children,
}: MediaPickerProps) {
  const hintId = useId();
  const { field, fieldState } = useController({ name: "mediaId" });
  const planName = plans[plan.plan].name;
  const refreshCompany = useRefreshCompany(companyId);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<{ message: string; planLimit: boolean } | null>(null);
  // A new key empties the file input once its file is uploaded.
  const [inputKey, setInputKey] = useState(0);

  const accept = [...imageTypes, ...(plan.allowsVideo ? videoTypes : [])].join(",");

  /** What is wrong with the file for this plan, before anything is sent. */
  const fileProblem = (file: File, kind: "image" | "video" | null): string | null => {
    if (!kind) {
      return plan.allowsVideo
        ? "Choose a JPEG, PNG or WebP image, or an MP4 or WebM video."
        : "Choose a JPEG, PNG or WebP image.";
    }
    if (kind === "video" && !plan.allowsVideo) return `Your ${planName} plan allows image ads only.`;
    const maxBytes = kind === "image" ? mediaLimits.imageMaxBytes : mediaLimits.videoMaxBytes;
    if (file.size > maxBytes) {
      return `${kind === "image" ? "Images" : "Videos"} must be ${formatBytes(maxBytes)} or smaller; this file is ${formatBytes(file.size)}.`;
    }
    return null;
  };

  const upload = async (chosen: Selection): Promise<boolean> => {
    setUploadError(null);
    setProgress(0);
    try {
      const uploaded = await uploadAdMedia(companyId, chosen.file, chosen.poster, ({ loaded, total }) =>
        setProgress(Math.round((loaded / total) * 100)),
      );
      setProgress(100);
      setSelection(null);
      setInputKey((key) => key + 1);
      onUploaded(uploaded);
      return true;
    } catch (failure) {
      setProgress(null);
      const planLimit = failure instanceof ApiError && failure.code === "PLAN_LIMIT";
      if (planLimit) void refreshCompany();
      setUploadError({
        message:
          serverMessage(failure) ??
          (failure instanceof ApiError
            ? "The upload failed. Please try again."
            : "The upload failed. Check your connection and try again."),
        planLimit,
      });
      return false;
    }
  };

  const check = async (file: File): Promise<Selection | null> => {
    const kind = kindOf(file);
    const refused = fileProblem(file, kind);
    if (refused || kind !== "video") {
      setProblem(refused);
      return refused ? null : { file, kind: "image", poster: null, note: null };
    }
    setChecking(true);
    const probe = await probeVideo(file);
    setChecking(false);
    const seconds = probe.durationSeconds === null ? null : Math.ceil(probe.durationSeconds);
    if (seconds !== null && seconds > plan.maxAdDurationSeconds) {
      setProblem(
        `This video is ${seconds} seconds long; your ${planName} plan allows up to ${plan.maxAdDurationSeconds} seconds. Trim it and choose it again.`,
      );
      return null;
    }
    setProblem(null);
    return {
      file,
      kind,
      poster: probe.poster,
      note:
        seconds === null
          ? "We couldn't read this video's length here; the server checks it as it arrives."
          : `Video length: ${seconds} seconds.`,
    };
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setUploadError(null);
    setProgress(null);
    setSelection(null);
    if (!file) {
      setProblem(null);
      return onUploadStarted(Promise.resolve(true));
    }
    const done = check(file)
      .then((chosen) => {
        setSelection(chosen);
        return chosen ? upload(chosen) : false;
      })
      .catch(() => false);
    onUploadStarted(done);
  };

  const retry = () => {
    if (selection) onUploadStarted(upload(selection));
  };

  const uploading = checking || (progress !== null && progress < 100 && !uploadError);
  const error = problem ?? fieldState.error?.message;
  const limits = [
    `JPEG, PNG or WebP images up to ${formatBytes(mediaLimits.imageMaxBytes)}`,
    plan.allowsVideo
      ? `MP4 or WebM videos up to ${formatBytes(mediaLimits.videoMaxBytes)} and ${plan.maxAdDurationSeconds} seconds`
      : `videos are not part of the ${planName} plan`,
  ].join("; ");
  const inputId = `media-${hintId}`;
  const errorId = `${inputId}-error`;

  return (
    <fieldset className="space-y-3 rounded-2xl border border-stone-200 p-4">
      <legend className="px-1 text-sm font-semibold text-stone-800">Media</legend>
      {media && (
        <div className="flex items-center gap-3" data-testid="ad-media-current">
          {media.thumbnailUrl ? (
            <img
              src={media.thumbnailUrl}
              alt=""
              width={54}
              height={96}
              className="h-24 w-[54px] rounded-lg object-cover ring-1 ring-stone-200"
            />
          ) : (
            <span className="flex h-24 w-[54px] items-center justify-center rounded-lg bg-stone-100">
              <ImageIcon className="size-5 text-stone-400" aria-hidden />
            </span>
          )}
          <p className="text-sm text-stone-700">
            <CheckCircle2 className="mr-1 inline size-4 text-green-600" aria-hidden />
            {media.kind === "video"
              ? `Video${media.durationSeconds ? `, ${Math.ceil(media.durationSeconds)} seconds` : ""}`
              : "Image"}{" "}
            ready. Choose another file to replace it.
          </p>
        </div>
      )}
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
          {plan.allowsVideo ? "Image or video" : "Image"}
        </label>
        <input
          key={inputKey}
          ref={field.ref}
          id={inputId}
          name={field.name}
          type="file"
          accept={accept}
          onChange={choose}
          disabled={uploading}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ""}`}
          className="mt-1 block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-amber-100 file:px-3 file:py-2 file:font-semibold file:text-amber-900"
        />
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {limits}. Portrait (9:16) looks best. A chosen file uploads at once.
        </p>
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </div>
      {checking && (
        <p role="status" className="text-sm text-stone-600">
          Reading the video…
        </p>
      )}
      {selection && (
        <p className="text-sm text-stone-700">
          {selection.kind === "video" ? (
            <Film className="mr-1 inline size-4" aria-hidden />
          ) : (
            <ImageIcon className="mr-1 inline size-4" aria-hidden />
          )}
          {selection.file.name} ({formatBytes(selection.file.size)})
          {selection.note && <span className="block text-xs text-stone-500">{selection.note}</span>}
        </p>
      )}
      {progress !== null && (
        <div className="space-y-1">
          <ProgressBar label="Upload progress" value={progress} valueText={`${progress}%`} />
          <p className="text-xs text-stone-600" aria-hidden>
            {progress < 100 ? `Uploading… ${progress}%` : "Uploaded"}
          </p>
        </div>
      )}
      {uploadError && (
        <div className="space-y-2">
          <FormAlert testId={uploadError.planLimit ? "plan-limit-alert" : undefined}>
            {uploadError.message}
          </FormAlert>
          {selection && !uploadError.planLimit && (
            <Button variant="secondary" onClick={retry}>
              <RotateCcw className="size-4" aria-hidden /> Try the upload again
            </Button>
          )}
        </div>
      )}
      {children}
    </fieldset>
  );
}
