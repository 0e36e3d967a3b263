import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where media files live. Local disk under DATA_DIR by default; an S3-compatible adapter implements
 * the same three calls when the app runs on several machines.
 */
export interface MediaStorage {
  save(key: string, data: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** The URL a browser fetches the file from. */
  urlFor(key: string): string;
}

export class LocalDiskStorage implements MediaStorage {
  constructor(
    private readonly rootDir: string,
    private readonly publicPrefix = "/media/",
  ) {}

  async save(key: string, data: Buffer): Promise<void> {
    const target = this.pathFor(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, target);
  }

  read(key: string): Promise<Buffer> {
    return fs.readFile(this.pathFor(key));
  }

  urlFor(key: string): string {
    return `${this.publicPrefix}${key}`;
  }

  private pathFor(key: string): string {
    const resolved = path.resolve(this.rootDir, key);
    if (!resolved.startsWith(path.resolve(this.rootDir) + path.sep)) {
      throw new Error(`Storage key escapes the media folder: ${key}`);
    }
    return resolved;
  }
}
