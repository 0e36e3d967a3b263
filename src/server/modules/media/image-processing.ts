import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { avifSiblingOf, smallThumbnailOf } from "../../../shared/media";
import type { MediaStorage } from "../../integrations/storage/storage";
import { AppError } from "../../lib/errors";

interface ThumbnailSize {
  width: number;
  height: number;
  quality: number;
  /** A smaller sibling for the data saver, stored under `smallThumbnailOf(key)`. */
  small?: { width: number; height: number; quality: number };
  /** AVIF siblings of the thumbnail and its small one, stored under `avifSiblingOf(key)`. */
  avif?: AvifSiblings;
}

interface AvifSiblings {
  quality: number;
  smallQuality: number;
  /** The thumbnail's quality steps down (to `lowestAvifQuality` at most) until it is this small. */
  byteBudget: number;
}

const lowestAvifQuality = 30;
/** Effort 2 of 9: about a tenth of a second a picture on a small server, within a few % of effort 4's size. */
const avifEffort = 2;

/**
 * Sized for a card in a two-column grid on a phone at 2× density: small enough for costly data; with the
 * data saver on, the card loads the 1× sibling at a lower quality (about a quarter of the bytes).
 */
export const cardThumbnail: ThumbnailSize = {
  width: 360,
  height: 640,
  quality: 60,
  small: { width: 180, height: 320, quality: 45 },
  // A new connection's first round trip carries about 14.6 KB (ten TCP segments), headers included: a
  // card picture within it reaches a phone on a slow network a whole round trip (~150 ms) sooner, and
  // the first row's pictures are what Discover's first screen waits for. AVIF fits where WebP can't.
  avif: { quality: 45, smallQuality: 40, byteBudget: 13_000 },
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

/**
 * Keeps the original and writes a WebP thumbnail of the given box (cover crop), with the size's
 * siblings: the data saver's small one and AVIF ones, each made from the same decoded pixels.
 */
export async function storeImageWithThumbnail(
  storage: MediaStorage,
  folder: string,
  original: Buffer,
  originalExtension: string,
  originalContentType: string,
  size: ThumbnailSize,
): Promise<StoredImage> {
  const originalKey = contentKey(folder, original, originalExtension);
  const cover = await sharp(original, { limitInputPixels: maxInputPixels })
    .rotate()
    .resize(size.width, size.height, { fit: "cover" })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: Error) => {
      throw new AppError("BAD_REQUEST", unreadableImageMessage(error));
    });
  const pixels = () => sharp(cover.data, { raw: cover.info });
  const thumbnail = await pixels().webp({ quality: size.quality }).toBuffer();
  const thumbnailKey = contentKey(`${folder}/thumbs`, thumbnail, ".webp");
  await storage.save(originalKey, original, originalContentType);
  await storage.save(thumbnailKey, thumbnail, "image/webp");
  if (size.avif) {
    const avif = await avifWithin(pixels(), size.avif.quality, size.avif.byteBudget);
    await storage.save(avifSiblingOf(thumbnailKey), avif, "image/avif");
  }
  if (size.small) {
    const small = () => pixels().resize(size.small!.width, size.small!.height, { fit: "cover" });
    const smallKey = smallThumbnailOf(thumbnailKey);
    await storage.save(
      smallKey,
      await small().webp({ quality: size.small.quality }).toBuffer(),
      "image/webp",
    );
    if (size.avif) {
      const smallAvif = await small()
        .avif({ quality: size.avif.smallQuality, effort: avifEffort })
        .toBuffer();
      await storage.save(avifSiblingOf(smallKey), smallAvif, "image/avif");
    }
  }
  return { originalKey, thumbnailKey };
}

/** A busy photo takes more bytes at the same quality: it steps down until it fits the budget. */
async function avifWithin(image: Sharp, quality: number, byteBudget: number): Promise<Buffer> {
  for (let stepped = quality; ; stepped -= 5) {
    const avif = await image.clone().avif({ quality: stepped, effort: avifEffort }).toBuffer();
    if (avif.length <= byteBudget || stepped - 5 < lowestAvifQuality) return avif;
  }
}
