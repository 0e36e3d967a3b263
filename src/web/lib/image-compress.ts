import { translate } from "./language";

/** The longest side a screenshot keeps: enough to read a post, small enough for costly data. */
export const maxImageSide = 1280;
const jpegQuality = 0.8;

/** The width and height that fit `maxSide`, keeping the shape (never enlarged). */
export function fitWithin(width: number, height: number, maxSide = maxImageSide) {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A picked photo or screenshot as a JPEG data URL at most 1280 px on its longest side, drawn on a
 * canvas on the phone so a 4 MB camera photo goes up as a few hundred KB.
 */
export async function compressImageToDataUrl(file: File, maxSide = maxImageSide): Promise<string> {
  if (!file.type.startsWith("image/")) throw new Error(translate("image.choose"));
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error(translate("image.unreadableTryScreenshot"));
  });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxSide);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error(translate("image.cannotPrepare"));
    // JPEG has no transparency: a white background instead of black behind transparent screenshots.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL("image/jpeg", jpegQuality);
  } finally {
    bitmap.close();
  }
}
