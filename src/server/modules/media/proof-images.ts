import { createHash } from "node:crypto";
import sharp from "sharp";
import type { MediaStorage } from "../../integrations/storage/storage";
import { AppError } from "../../lib/errors";
import { contentKey, maxInputPixels, unreadableImageMessage } from "./image-processing";

/** Screenshots and receipts are read by staff on a phone: 1280 px is plenty, and WebP keeps it small. */
const proofImageSize = { longestSide: 1280, quality: 70 } as const;

export interface StoredProofImage {
  url: string;
  /** SHA-256 of the bytes the member sent, to spot the same photo sent twice. */
  sha256: string;
}

/** Decodes a `data:image/…;base64,` URL (already checked by the contract), re-encodes it and stores it. */
export async function storeProofImage(
  storage: MediaStorage,
  folder: string,
  dataUrl: string,
): Promise<StoredProofImage> {
  const original = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  if (original.length === 0) throw new AppError("BAD_REQUEST", "The image is empty");
  const sha256 = createHash("sha256").update(original).digest("hex");
  const webp = await toProofWebp(original);
  const key = contentKey(folder, webp, ".webp");
  await storage.save(key, webp, "image/webp");
  return { url: storage.urlFor(key), sha256 };
}

const acceptedFormats = new Set(["jpeg", "png", "webp"]);

/** Only real JPEG, PNG or WebP pictures (whatever the data URL claims), re-encoded as a small WebP. */
async function toProofWebp(original: Buffer): Promise<Buffer> {
  try {
    const image = sharp(original, { limitInputPixels: maxInputPixels });
    const { format } = await image.metadata();
    if (!format || !acceptedFormats.has(format)) {
      throw new AppError("BAD_REQUEST", "The image must be a JPEG, PNG or WebP");
    }
    return await image
      .rotate()
      .resize(proofImageSize.longestSide, proofImageSize.longestSide, {
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: proofImageSize.quality })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("BAD_REQUEST", unreadableImageMessage(error as Error));
  }
}
