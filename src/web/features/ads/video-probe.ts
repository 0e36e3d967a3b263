/**
 * Reads a chosen video in the browser before uploading it: its length (to warn early when it is longer
 * than the plan allows; the server checks again from the file) and a poster frame at about 1 s, drawn
 * on a canvas and sent with the upload so the server never has to decode video.
 */
export interface VideoProbe {
  durationSeconds: number | null;
  poster: Blob | null;
}

const probeTimeoutMs = 15_000;
const posterMaxWidth = 720;

function waitFor(target: HTMLVideoElement, event: "loadedmetadata" | "seeked" | "loadeddata") {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error("timeout")), probeTimeoutMs);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      target.removeEventListener(event, onEvent);
      target.removeEventListener("error", onError);
      if (error) reject(error);
      else resolve();
    };
    const onEvent = () => finish();
    const onError = () => finish(new Error("unreadable"));
    target.addEventListener(event, onEvent);
    target.addEventListener("error", onError);
  });
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality: number) {
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
}

async function capturePoster(video: HTMLVideoElement, duration: number | null): Promise<Blob | null> {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) await waitFor(video, "loadeddata");
  video.currentTime = Math.min(1, duration ? duration / 2 : 1);
  await waitFor(video, "seeked");
  if (!video.videoWidth || !video.videoHeight) return null;
  const scale = Math.min(1, posterMaxWidth / video.videoWidth);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
  // WebP where the browser can encode it, else JPEG (both are what the server accepts as a poster).
  const webp = await canvasBlob(canvas, "image/webp", 0.8);
  if (webp?.type === "image/webp") return webp;
  return canvasBlob(canvas, "image/jpeg", 0.8);
}

export async function probeVideo(file: File): Promise<VideoProbe> {
  const url = URL.createObjectURL(file);
  const video = document.createElement("video");
  video.preload = "auto";
  video.muted = true;
  video.playsInline = true;
  video.src = url;
  try {
    await waitFor(video, "loadedmetadata");
    const duration = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null;
    const poster = await capturePoster(video, duration).catch(() => null);
    return { durationSeconds: duration, poster };
  } catch {
    return { durationSeconds: null, poster: null };
  } finally {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  }
}
