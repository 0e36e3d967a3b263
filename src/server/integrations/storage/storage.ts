import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Keys contain a content hash, so a file never changes under its URL: browsers and CDNs keep it a year. */
export const mediaCacheControl = "public, max-age=31536000, immutable";

/**
 * Where media files live: local disk under DATA_DIR by default, or an S3-compatible bucket
 * (STORAGE_DRIVER=s3) when the app runs on several machines. Services only call these methods.
 */
export interface MediaStorage {
  save(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Streams a file of unknown size into the store without holding it in memory. Nothing is left under
   * the key (or beside it) when the stream fails.
   */
  saveStream(key: string, stream: Readable, contentType: string): Promise<void>;
  /** Renames a stored file (an upload streamed under a temporary key gets its content-hashed key). */
  move(fromKey: string, toKey: string, contentType: string): Promise<void>;
  /** Deletes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** The URL a browser fetches the file from. */
  urlFor(key: string): string;
  /** How the app answers GET /media/<key>. */
  readonly serving: MediaServing;
}

/**
 * Local files are served from their folder as static files; an object store's files are streamed
 * through the app (unless MEDIA_PUBLIC_URL sends browsers to a CDN or public bucket instead).
 */
export type MediaServing =
  | { kind: "directory"; directory: string }
  | { kind: "store"; open(key: string, request: MediaRequest): Promise<MediaObject | undefined> };

/** The conditional and partial-read headers a browser sent (video players ask for byte ranges). */
export interface MediaRequest {
  method: "GET" | "HEAD";
  range?: string;
  ifNoneMatch?: string;
}

/** A stored file as answered to a request; undefined from `open` means there is no such key. */
export type MediaObject =
  | {
      status: 200 | 206;
      /** Absent for HEAD. */
      body?: Readable;
      contentType?: string;
      contentLength?: number;
      contentRange?: string;
      etag?: string;
      lastModified?: Date;
    }
  | { status: 304; etag?: string }
  | { status: 416 };

/** Keys are relative paths the app makes (`companies/3/ads/ab12….jpg`); anything else is refused. */
export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 512 &&
    /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) &&
    !key.split("/").some((segment) => segment === "" || segment === "." || segment === "..")
  );
}

export class LocalDiskStorage implements MediaStorage {
  readonly serving: MediaServing;

  constructor(
    private readonly rootDir: string,
    private readonly publicPrefix = "/media/",
  ) {
    this.serving = { kind: "directory", directory: rootDir };
  }

  async save(key: string, data: Buffer): Promise<void> {
    await this.writeThenRename(key, (temporary) => fs.writeFile(temporary, data, { flag: "wx" }));
  }

  async saveStream(key: string, stream: Readable): Promise<void> {
    // Until the pipeline listens (after the folder exists), an error from the stream must not go unheard.
    const heard = () => {};
    stream.on("error", heard);
    try {
      await this.writeThenRename(key, (temporary) =>
        pipeline(stream, createWriteStream(temporary, { flags: "wx" })),
      );
    } finally {
      stream.off("error", heard);
    }
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    const target = this.pathFor(toKey);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(this.pathFor(fromKey), target);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathFor(key), { force: true });
  }

  read(key: string): Promise<Buffer> {
    return fs.readFile(this.pathFor(key));
  }

  urlFor(key: string): string {
    return `${this.publicPrefix}${key}`;
  }

  /** Writes beside the target then renames, so a reader never sees half a file; a failed write leaves nothing. */
  private async writeThenRename(key: string, write: (temporary: string) => Promise<void>) {
    const target = this.pathFor(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await write(temporary);
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  private pathFor(key: string): string {
    const resolved = path.resolve(this.rootDir, key);
    if (!resolved.startsWith(path.resolve(this.rootDir) + path.sep)) {
      throw new Error(`Storage key escapes the media folder: ${key}`);
    }
    return resolved;
  }
}
