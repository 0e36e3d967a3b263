import { once } from "node:events";
import { PassThrough } from "node:stream";
import { createFile, type MP4BoxBuffer } from "mp4box";
import { parseStream } from "music-metadata";

/**
 * Reads a video's real length in seconds from the file itself (never trusted from the browser) while
 * the file streams past, piece by piece, without keeping it: MP4 from its movie header with mp4box
 * (which skips the media data), WebM from its Matroska segment info with music-metadata.
 */
export interface VideoDurationReader {
  /** The next piece of the file, in order. */
  push(chunk: Buffer): Promise<void>;
  /** Once every piece was pushed: the length, or undefined when the file does not say. */
  finish(): Promise<number | undefined>;
}

export function createVideoDurationReader(mimeType: string): VideoDurationReader {
  return mimeType === "video/mp4" ? mp4DurationReader() : matroskaDurationReader(mimeType);
}

function mp4DurationReader(): VideoDurationReader {
  const file = createFile();
  let seconds: number | undefined;
  let failed = false;
  let position = 0;
  file.onReady = (info) => {
    // A fragmented MP4's header need not cover its fragments, so its stated length cannot be trusted.
    if (info.isFragmented || info.timescale <= 0 || info.duration <= 0) return;
    const movie = info.duration / info.timescale;
    // Every track must agree with the movie header, or a forged header could hide a longer track.
    const longestTrack = Math.max(0, ...info.tracks.map((track) => track.duration / (track.timescale || 1)));
    seconds = Math.max(movie, longestTrack);
  };
  file.onError = () => {};
  return {
    async push(chunk) {
      if (failed) return;
      // mp4box wants each piece as its own ArrayBuffer, marked with where it starts in the file.
      const buffer = chunk.buffer.slice(
        chunk.byteOffset,
        chunk.byteOffset + chunk.byteLength,
      ) as MP4BoxBuffer;
      buffer.fileStart = position;
      position += chunk.byteLength;
      try {
        file.appendBuffer(buffer);
      } catch {
        failed = true;
      }
    },
    async finish() {
      if (failed) return undefined;
      try {
        file.flush();
      } catch {
        return undefined;
      }
      return seconds;
    },
  };
}

function matroskaDurationReader(mimeType: string): VideoDurationReader {
  const input = new PassThrough();
  let settled = false;
  const duration = parseStream(input, { mimeType }, { duration: true })
    .then((metadata) => metadata.format.duration)
    .catch(() => undefined)
    .finally(() => {
      // The parser may stop reading before the end: the rest of the file is not its business.
      settled = true;
      input.destroy();
    });
  return {
    async push(chunk) {
      if (settled) return;
      if (!input.write(chunk)) await Promise.race([once(input, "drain").catch(() => {}), duration]);
    },
    async finish() {
      if (!settled) input.end();
      return duration;
    },
  };
}
