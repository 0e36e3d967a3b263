import { writeFileSync } from "node:fs";
import QRCode from "qrcode";

/**
 * A camera for the browser journeys: Chromium's fake capture device plays a Y4M file
 * (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>`), so a page asking for
 * the camera sees this QR, exactly as a phone held up to the counter's camera would.
 *
 * YUV4MPEG2, 640x480, 30 fps, 4:2:0: identical frames of the QR, black on white, centred with a quiet
 * zone. Chromium loops the file, so a short one is enough. Pure Node: no ffmpeg.
 */

const width = 640;
const height = 480;
const fps = 30;
/** Modules of white around the code, as the QR standard asks (4). */
const quietZone = 4;
const preferredModulePx = 8;
const black = 16;
const white = 235;
/** Chroma of grey: no colour. */
const neutral = 128;

/** One frame's luma plane (width x height, one byte a pixel) with the QR drawn in the middle. */
function qrLuma(text: string): Uint8Array {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
  // As large as fits, at most 8 px a module, with the quiet zone inside the frame.
  const modulePx = Math.min(preferredModulePx, Math.floor(Math.min(width, height) / (size + 2 * quietZone)));
  if (modulePx < 2) throw new Error(`QR of ${size} modules is too dense for a ${width}x${height} frame`);
  const codePx = size * modulePx;
  const left = Math.floor((width - codePx) / 2);
  const top = Math.floor((height - codePx) / 2);

  const luma = new Uint8Array(width * height).fill(white);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!data[row * size + column]) continue;
      for (let y = 0; y < modulePx; y++) {
        const start = (top + row * modulePx + y) * width + left + column * modulePx;
        luma.fill(black, start, start + modulePx);
      }
    }
  }
  return luma;
}

/**
 * Writes `file`: a Y4M video of the QR for `text` lasting `seconds` (about 2 s by default). Written
 * synchronously, so it exists before the browser that reads it is launched. Returns the file's path.
 */
export function writeQrVideo(text: string, file: string, seconds = 2): string {
  const luma = qrLuma(text);
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(neutral);
  const frameHeader = Buffer.from("FRAME\n", "ascii");
  const frame = Buffer.concat([frameHeader, luma, chroma, chroma]);
  const frames = Math.max(1, Math.round(seconds * fps));
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`, "ascii");
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return file;
}
