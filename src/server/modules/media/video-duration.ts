import { once } from "node:events";
import { PassThrough } from "node:stream";
import { createFile, type ISOFile, type MP4BoxBuffer } from "mp4box";
import { parseStream } from "music-metadata";

/**
 * Reads a video's real length in seconds from the file itself (never trusted from the browser) while
 * the file streams past, piece by piece, without keeping it: MP4 from its sample tables with mp4box
 * (which skips the media data), WebM from its Matroska segment info with music-metadata.
 */
export interface VideoDurationReader {
  /** The next piece of the file, in order. */
  push(chunk: Buffer): Promise<void>;
  /** Once every piece was pushed: the length, or undefined when the file does not say. */
  finish(): Promise<VideoLength | undefined>;
}

export interface VideoLength {
  /** How long the video plays: for an MP4, its longest track's samples. */
  seconds: number;
  /** What the file's header states, when it states it apart from the samples (MP4). */
  headerSeconds?: number;
}

/** Header and samples may differ by a frame or an audio priming delay, not by more. */
export function lengthsDisagree(length: VideoLength): boolean {
  if (length.headerSeconds === undefined) return false;
  const tolerance = Math.max(0.5, 0.05 * Math.max(length.seconds, length.headerSeconds));
  return Math.abs(length.seconds - length.headerSeconds) > tolerance;
}

export function createVideoDurationReader(mimeType: string): VideoDurationReader {
  return mimeType === "video/mp4" ? mp4DurationReader() : matroskaDurationReader(mimeType);
}

function mp4DurationReader(): VideoDurationReader {
  const file = createFile();
  let length: VideoLength | undefined;
  let failed = false;
  let position = 0;
  file.onReady = (info) => {
    // A fragmented MP4's header need not cover its fragments, so its stated length cannot be trusted.
    if (info.isFragmented || info.timescale <= 0 || info.duration <= 0) return;
    // What plays is the samples: each track's time-to-sample table (stts) over its media timescale.
    const samples = Math.max(0, ...file.moov.traks.map(trackSamplesSeconds));
    // The movie header and every track header state a length; a forged one could hide a longer video.
    const movie = info.duration / info.timescale;
    const longestTrack = Math.max(0, ...info.tracks.map((track) => track.duration / (track.timescale || 1)));
    if (samples > 0) length = { seconds: samples, headerSeconds: Math.max(movie, longestTrack) };
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
      return length;
    },
  };
}

function trackSamplesSeconds(trak: ISOFile["moov"]["traks"][number]): number {
  const timescale = trak.mdia?.mdhd?.timescale ?? 0;
  const stts = trak.mdia?.minf?.stbl?.stts;
  if (!stts || timescale <= 0) return 0;
  const units = stts.sample_counts.reduce((sum, count, i) => sum + count * (stts.sample_deltas[i] ?? 0), 0);
  return units / timescale;
}

function matroskaDurationReader(mimeType: string): VideoDurationReader {
  const input = new PassThrough();
  let settled = false;
  const duration = parseStream(input, { mimeType }, { duration: true })
    .then((metadata) => (metadata.format.duration ? { seconds: metadata.format.duration } : undefined))
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
