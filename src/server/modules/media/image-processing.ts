import { createHash } from "node:crypto";
import sharp from "sharp";
import { smallThumbnailOf } from "../../../shared/media";
import type { MediaStorage } from "../../integrations/storage/storage";
import { AppError } from "../../lib/errors";

interface ThumbnailSize {
  width: number;
  height: number;
  quality: number;
  /** A smaller sibling for the data saver, stored under `smallThumbnailOf(key)`. */
  small?: { width: number; height: number; quality: number };
}

/**
 * Sized for a card in a two-column grid on a phone at 2× density: small enough for costly data; with the
 * data saver on, the card loads the 1× sibling at a lower quality (about a quarter of the bytes).
 */
export const cardThumbnail: ThumbnailSize = {
  width: 360,
  height: 640,
  quality: 60,
  small: { width: 180, height: 320, quality: 45 },
};
export const logoThumbnail = { width: 128, height: 128, quality: 75 } as const;

/** 50 megapixels is far more than any phone photo; anything larger is refused before it is decoded. */
export const maxInputPixels = 50_000_000;

export function unreadableImageMessage(error: Error): string {
  return /pixel limit/i.test(error.message)
    ? "This image is too large in pixels. Use one under 50 megapixels."
    : "This image is damaged or cannot be read.";
}

export interface StoredImage {
  originalKey: string;
  thumbnailKey: string;
}

export function contentKey(folder: string, data: Buffer, extension: string): string {
  return keyForDigest(folder, createHash("sha256").update(data).digest("hex"), extension);
}

/** The same key from a SHA-256 computed while the file streamed past. */
export function keyForDigest(folder: string, sha256Hex: string, extension: string): string {
  return `${folder}/${sha256Hex.slice(0, 20)}${extension}`;
}

/** Keeps the original and writes a WebP thumbnail of the given box (cover crop). */
export async function storeImageWithThumbnail(
  storage: MediaStorage,
  folder: string,
  original: Buffer,
  originalExtension: string,
  originalContentType: string,
  size: ThumbnailSize,
): Promise<StoredImage> {
  const originalKey = contentKey(folder, original, originalExtension);
  const thumbnail = await sharp(original, { limitInputPixels: maxInputPixels })
    .rotate()
    .resize(size.width, size.height, { fit: "cover" })
    .webp({ quality: size.quality })
    .toBuffer()
    .catch((error: Error) => {
      throw new AppError("BAD_REQUEST", unreadableImageMessage(error));
    });
  const thumbnailKey = contentKey(`${folder}/thumbs`, thumbnail, ".webp");
  await storage.save(originalKey, original, originalContentType);
  await storage.save(thumbnailKey, thumbnail, "image/webp");
  if (size.small) {
    const small = await sharp(thumbnail)
      .resize(size.small.width, size.small.height, { fit: "cover" })
      .webp({ quality: size.small.quality })
      .toBuffer();
    await storage.save(smallThumbnailOf(thumbnailKey), small, "image/webp");
  }
  return { originalKey, thumbnailKey };
}
