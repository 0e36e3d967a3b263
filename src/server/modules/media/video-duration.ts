import { createFile, type MP4BoxBuffer } from "mp4box";
import { parseBuffer } from "music-metadata";

/**
 * A video's real length in seconds, read from the file itself (never trusted from the browser):
 * MP4 from its movie header with mp4box, WebM from its Matroska segment info with music-metadata.
 * Undefined when the file does not say.
 */
export async function readVideoDurationSeconds(data: Buffer, mimeType: string): Promise<number | undefined> {
  if (mimeType === "video/mp4") return readMp4Duration(data);
  const metadata = await parseBuffer(data, { mimeType }, { duration: true }).catch(() => undefined);
  return metadata?.format.duration;
}

function readMp4Duration(data: Buffer): number | undefined {
  const file = createFile();
  let seconds: number | undefined;
  file.onReady = (info) => {
    // A fragmented MP4's header need not cover its fragments, so its stated length cannot be trusted.
    if (info.isFragmented || info.timescale <= 0 || info.duration <= 0) return;
    const movie = info.duration / info.timescale;
    // Every track must agree with the movie header, or a forged header could hide a longer track.
    const longestTrack = Math.max(0, ...info.tracks.map((track) => track.duration / (track.timescale || 1)));
    seconds = Math.max(movie, longestTrack);
  };
  file.onError = () => {};
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as MP4BoxBuffer;
  buffer.fileStart = 0;
  try {
    file.appendBuffer(buffer);
    file.flush();
  } catch {
    return undefined;
  }
  return seconds;
}
