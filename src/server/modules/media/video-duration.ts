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
    if (info.timescale > 0 && info.duration > 0) seconds = info.duration / info.timescale;
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
