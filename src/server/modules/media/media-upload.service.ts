import { and, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { mediaLimits, type UploadedMedia } from "../../../shared/contracts/ads";
import { plans } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { mediaFiles } from "../../db/schema/media";
import { escapeHtml } from "../../integrations/mail/mailer";
import { AppError } from "../../lib/errors";
import type { Company } from "../companies";
import {
  cardThumbnail,
  contentKey,
  logoThumbnail,
  maxInputPixels,
  storeImageWithThumbnail,
} from "./image-processing";
import { readVideoDurationSeconds } from "./video-duration";

const extensions: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
  "video/mp4": ".mp4",
  "video/webm": ".webm",
};
// A video may run a hair past its plan's limit (encoders round frame timing).
const durationToleranceSeconds = 0.5;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The file's real type, from its first bytes (the name and the browser's claim are ignored). */
export async function detectMediaType(data: Buffer): Promise<{ kind: "image" | "video"; mime: string }> {
  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime ?? "";
  if ((mediaLimits.imageTypes as readonly string[]).includes(mime)) return { kind: "image", mime };
  if ((mediaLimits.videoTypes as readonly string[]).includes(mime)) return { kind: "video", mime };
  throw new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    "This file is not a JPEG, PNG or WebP image, or an MP4 or WebM video.",
  );
}

function planName(company: Company): string {
  return plans[company.plan].name;
}

export async function storeAdMedia(
  deps: AppDeps,
  company: Company,
  upload: { data: Buffer; originalName: string; poster?: Buffer },
): Promise<UploadedMedia> {
  const { kind, mime } = await detectMediaType(upload.data);
  if (kind === "image" && upload.data.length > mediaLimits.imageMaxBytes) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `Images must be ${megabytes(mediaLimits.imageMaxBytes)} or smaller.`,
    );
  }
  if (kind === "video") {
    if (!company.allowsVideo) {
      throw new AppError(
        "PLAN_LIMIT",
        `Your ${planName(company)} plan allows image ads only. Upgrade to Business or higher for video.`,
      );
    }
    if (upload.data.length > mediaLimits.videoMaxBytes) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `Videos must be ${megabytes(mediaLimits.videoMaxBytes)} or smaller.`,
      );
    }
  }
  const folder = `companies/${company.id}/ads`;
  return kind === "image"
    ? storeImage(deps, company, folder, upload.data, mime, upload.originalName)
    : storeVideo(deps, company, folder, upload.data, mime, upload.originalName, upload.poster);
}

async function storeImage(
  deps: AppDeps,
  company: Company,
  folder: string,
  data: Buffer,
  mime: string,
  name: string,
) {
  const metadata = await sharp(data)
    .metadata()
    .catch(() => {
      throw new AppError("BAD_REQUEST", "This image is damaged or cannot be read.");
    });
  const stored = await storeImageWithThumbnail(
    deps.storage,
    folder,
    data,
    extensions[mime]!,
    mime,
    cardThumbnail,
  );
  const [file] = await deps.db
    .insert(mediaFiles)
    .values({
      companyId: company.id,
      kind: "image",
      mimeType: mime,
      storageKey: stored.originalKey,
      sizeBytes: data.length,
      width: metadata.width,
      height: metadata.height,
      thumbnailKey: stored.thumbnailKey,
      originalName: name.slice(0, 200),
    })
    .onConflictDoUpdate({ target: mediaFiles.storageKey, set: { companyId: company.id } })
    .returning();
  return {
    id: file!.id,
    kind: "image" as const,
    url: deps.storage.urlFor(stored.originalKey),
    thumbnailUrl: deps.storage.urlFor(stored.thumbnailKey),
    posterUrl: null,
    durationSeconds: null,
    sizeBytes: data.length,
  };
}

async function storeVideo(
  deps: AppDeps,
  company: Company,
  folder: string,
  data: Buffer,
  mime: string,
  name: string,
  poster: Buffer | undefined,
) {
  const duration = await readVideoDurationSeconds(data, mime);
  if (!duration) {
    throw new AppError(
      "BAD_REQUEST",
      "We could not read this video's length. Export it as MP4 (H.264) and try again.",
    );
  }
  if (duration > company.maxAdDurationSeconds + durationToleranceSeconds) {
    throw new AppError(
      "PLAN_LIMIT",
      `This video is ${Math.round(duration)} seconds long; your ${planName(company)} plan allows up to ${company.maxAdDurationSeconds} seconds.`,
    );
  }
  const videoKey = contentKey(folder, data, extensions[mime]!);
  await deps.storage.save(videoKey, data, mime);
  const posterImage = await usablePoster(poster, company);
  const stored = await storeImageWithThumbnail(
    deps.storage,
    folder,
    posterImage,
    ".webp",
    "image/webp",
    cardThumbnail,
  );
  const [file] = await deps.db
    .insert(mediaFiles)
    .values({
      companyId: company.id,
      kind: "video",
      mimeType: mime,
      storageKey: videoKey,
      sizeBytes: data.length,
      durationSeconds: duration,
      thumbnailKey: stored.thumbnailKey,
      posterKey: stored.originalKey,
      originalName: name.slice(0, 200),
    })
    .onConflictDoUpdate({ target: mediaFiles.storageKey, set: { companyId: company.id } })
    .returning();
  return {
    id: file!.id,
    kind: "video" as const,
    url: deps.storage.urlFor(videoKey),
    thumbnailUrl: deps.storage.urlFor(stored.thumbnailKey),
    posterUrl: deps.storage.urlFor(stored.originalKey),
    durationSeconds: duration,
    sizeBytes: data.length,
  };
}

/**
 * The poster is a frame the uploader's browser captured; the server only accepts it if it really is
 * an image, re-encodes it, and otherwise draws a plain branded card (the server runs no video decoder).
 */
async function usablePoster(poster: Buffer | undefined, company: Company): Promise<Buffer> {
  if (poster && poster.length <= mediaLimits.imageMaxBytes) {
    const type = await fileTypeFromBuffer(poster);
    if (type && (mediaLimits.imageTypes as readonly string[]).includes(type.mime)) {
      const resized = await sharp(poster, { limitInputPixels: maxInputPixels })
        .rotate()
        .resize(720, 1280, { fit: "cover" })
        .webp({ quality: 70 })
        .toBuffer()
        .catch(() => undefined);
      if (resized) return resized;
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280"><rect width="720" height="1280" fill="#78350f"/><text x="60" y="640" font-family="DejaVu Sans, sans-serif" font-size="56" font-weight="bold" fill="#fffbeb">${escapeHtml(company.name)}</text><text x="60" y="720" font-family="DejaVu Sans, sans-serif" font-size="36" fill="#fde68a">Tap to play</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
}

/** Logo and storefront images: checked like ad images, stored as small WebP. */
export async function storeCompanyImage(
  deps: AppDeps,
  company: Company,
  data: Buffer,
  kind: "logo" | "storefront",
) {
  const { kind: mediaKind, mime } = await detectMediaType(data);
  if (mediaKind !== "image")
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Upload a JPEG, PNG or WebP image.");
  if (data.length > mediaLimits.imageMaxBytes) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `Images must be ${megabytes(mediaLimits.imageMaxBytes)} or smaller.`,
    );
  }
  const size = kind === "logo" ? logoThumbnail : { width: 720, height: 405, quality: 65 };
  const stored = await storeImageWithThumbnail(
    deps.storage,
    `companies/${company.id}/${kind}`,
    data,
    extensions[mime]!,
    mime,
    size,
  );
  return deps.storage.urlFor(stored.thumbnailKey);
}

/** One of the company's own uploads, or undefined (another company's media can never be used). */
export async function findCompanyMedia(db: Executor, companyId: number, mediaId: number) {
  const [media] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, mediaId), eq(mediaFiles.companyId, companyId)))
    .limit(1);
  return media;
}
