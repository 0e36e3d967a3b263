import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
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
  keyForDigest,
  logoThumbnail,
  maxInputPixels,
  storeImageWithThumbnail,
} from "./image-processing";
import { createVideoDurationReader, lengthsDisagree } from "./video-duration";

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

/** The file field of an upload as it arrives: read once, in order, never all at once. */
export interface IncomingFile {
  chunks: AsyncIterable<Buffer>;
  filename: string;
  /** Whether the multipart reader cut the file off at its size limit (known once it was read to the end). */
  wasTruncated(): boolean;
}

/** An ad's file once received: an image in memory, or a video already in storage under a temporary key. */
export type ReceivedAdFile =
  | { kind: "image"; mime: string; originalName: string; data: Buffer }
  | {
      kind: "video";
      mime: string;
      originalName: string;
      stagingKey: string;
      sha256: string;
      sizeBytes: number;
      durationSeconds: number;
    };

/** Enough of a file's first bytes to recognise its type. */
const sniffBytes = 4100;

export const uploadTooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", `Files must be ${megabytes(mediaLimits.videoMaxBytes)} or smaller.`);

/**
 * Reads an ad's uploaded file and checks it (real type, size, plan, video length). An image is kept in
 * memory (small, and sharp needs it whole); a video streams into storage under a temporary key while
 * its SHA-256 and length are read, so no whole video is ever held in memory. A refused file is read to
 * its end and dropped, and nothing of it stays in storage.
 */
export async function receiveAdFile(
  deps: AppDeps,
  company: Company,
  file: IncomingFile,
): Promise<ReceivedAdFile> {
  const reader = file.chunks[Symbol.asyncIterator]();
  try {
    const head = await readAtLeast(reader, sniffBytes);
    const { kind, mime } = await detectMediaType(Buffer.concat(head));
    if (kind === "image") {
      const data = await readAtMost(chunksFrom(head, reader), mediaLimits.imageMaxBytes);
      if (!data) {
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `Images must be ${megabytes(mediaLimits.imageMaxBytes)} or smaller.`,
        );
      }
      return { kind, mime, originalName: file.filename, data };
    }
    if (!company.allowsVideo) {
      throw new AppError(
        "PLAN_LIMIT",
        `Your ${planName(company)} plan allows image ads only. Upgrade to Business or higher for video.`,
      );
    }
    return await receiveVideo(deps, company, mime, file, chunksFrom(head, reader));
  } catch (error) {
    // The rest of the upload is read and dropped, so the request ends cleanly with the refusal.
    await drain(reader).catch(() => {});
    throw error;
  }
}

async function receiveVideo(
  deps: AppDeps,
  company: Company,
  mime: string,
  file: IncomingFile,
  chunks: AsyncIterable<Buffer>,
): Promise<ReceivedAdFile> {
  const hash = createHash("sha256");
  const duration = createVideoDurationReader(mime);
  let sizeBytes = 0;
  let refusal: AppError | undefined;
  async function* measured() {
    for await (const chunk of chunks) {
      sizeBytes += chunk.length;
      if (sizeBytes > mediaLimits.videoMaxBytes) {
        refusal = new AppError(
          "PAYLOAD_TOO_LARGE",
          `Videos must be ${megabytes(mediaLimits.videoMaxBytes)} or smaller.`,
        );
        throw refusal;
      }
      hash.update(chunk);
      await duration.push(chunk);
      yield chunk;
    }
    if (file.wasTruncated()) {
      refusal = uploadTooLarge();
      throw refusal;
    }
  }
  // The content hash (the final key) is known only at the end: stream under a temporary key, then move.
  const stagingKey = `staging/${randomUUID()}${extensions[mime]!}`;
  try {
    await deps.storage.saveStream(stagingKey, Readable.from(measured()), mime);
  } catch (error) {
    await duration.finish();
    throw refusal ?? error;
  }
  try {
    const length = await duration.finish();
    if (!length) {
      throw new AppError(
        "BAD_REQUEST",
        "We could not read this video's length. Export it as MP4 (H.264) and try again.",
      );
    }
    // A header that understates what plays would slip a long video past the plan's limit.
    if (lengthsDisagree(length)) {
      throw new AppError(
        "BAD_REQUEST",
        `This video's header says it is ${Math.round(length.headerSeconds!)} seconds long, but it plays for ${Math.round(length.seconds)} seconds. Export it again as MP4 (H.264) and try again.`,
      );
    }
    const seconds = length.seconds;
    if (seconds > company.maxAdDurationSeconds + durationToleranceSeconds) {
      throw new AppError(
        "PLAN_LIMIT",
        `This video is ${Math.round(seconds)} seconds long; your ${planName(company)} plan allows up to ${company.maxAdDurationSeconds} seconds.`,
      );
    }
    return {
      kind: "video",
      mime,
      originalName: file.filename,
      stagingKey,
      sha256: hash.digest("hex"),
      sizeBytes,
      durationSeconds: seconds,
    };
  } catch (error) {
    await deps.storage.remove(stagingKey);
    throw error;
  }
}

/** Drops a received file that will not be stored (a later part of the upload failed). */
export async function discardAdFile(deps: AppDeps, received: ReceivedAdFile): Promise<void> {
  if (received.kind === "video") await deps.storage.remove(received.stagingKey);
}

/** Stores a received file under its content-hashed key, with its thumbnail (and a video's poster). */
export async function storeAdMedia(
  deps: AppDeps,
  company: Company,
  received: ReceivedAdFile,
  poster?: Buffer,
): Promise<UploadedMedia> {
  const folder = `companies/${company.id}/ads`;
  return received.kind === "image"
    ? storeImage(deps, company, folder, received.data, received.mime, received.originalName)
    : storeVideo(deps, company, folder, received, poster);
}

// The reader is stepped by hand (never `for await`), so stopping early does not destroy the upload stream:
// what is left can still be drained.
async function readAtLeast(reader: AsyncIterator<Buffer>, bytes: number): Promise<Buffer[]> {
  const head: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await reader.next();
    if (next.done) break;
    head.push(next.value);
    length += next.value.length;
  }
  return head;
}

async function* chunksFrom(head: Buffer[], reader: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* head;
  while (true) {
    const next = await reader.next();
    if (next.done) return;
    yield next.value;
  }
}

/** The whole file, or undefined as soon as it passes `limit` bytes. */
async function readAtMost(chunks: AsyncGenerator<Buffer>, limit: number): Promise<Buffer | undefined> {
  const parts: Buffer[] = [];
  let length = 0;
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    length += next.value.length;
    if (length > limit) return undefined;
    parts.push(next.value);
  }
  return Buffer.concat(parts);
}

async function drain(reader: AsyncIterator<Buffer>): Promise<void> {
  while (!(await reader.next()).done) {}
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
  video: Extract<ReceivedAdFile, { kind: "video" }>,
  poster: Buffer | undefined,
) {
  const videoKey = keyForDigest(folder, video.sha256, extensions[video.mime]!);
  await deps.storage.move(video.stagingKey, videoKey, video.mime);
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
      mimeType: video.mime,
      storageKey: videoKey,
      sizeBytes: video.sizeBytes,
      durationSeconds: video.durationSeconds,
      thumbnailKey: stored.thumbnailKey,
      posterKey: stored.originalKey,
      originalName: video.originalName.slice(0, 200),
    })
    .onConflictDoUpdate({ target: mediaFiles.storageKey, set: { companyId: company.id } })
    .returning();
  return {
    id: file!.id,
    kind: "video" as const,
    url: deps.storage.urlFor(videoKey),
    thumbnailUrl: deps.storage.urlFor(stored.thumbnailKey),
    posterUrl: deps.storage.urlFor(stored.originalKey),
    durationSeconds: video.durationSeconds,
    sizeBytes: video.sizeBytes,
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
