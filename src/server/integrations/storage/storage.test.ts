import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isSafeKey, LocalDiskStorage, type MediaStorage } from "./storage";

let root: string;
let storage: MediaStorage;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-storage-"));
  storage = new LocalDiskStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every file under the media folder, as keys. */
function filesUnder(dir = root): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe("local disk storage", () => {
  it("streams a file in, then moves and removes it", async () => {
    const chunks = [Buffer.from("first "), Buffer.from("second "), Buffer.from("third")];
    await storage.saveStream("staging/upload.part", Readable.from(chunks), "video/mp4");
    expect(filesUnder()).toEqual(["staging/upload.part"]);
    await storage.move("staging/upload.part", "companies/1/ads/abc.mp4", "video/mp4");
    expect((await storage.read("companies/1/ads/abc.mp4")).toString()).toBe("first second third");
    expect(filesUnder()).toEqual(["companies/1/ads/abc.mp4"]);
    await storage.remove("companies/1/ads/abc.mp4");
    await storage.remove("companies/1/ads/abc.mp4");
    expect(filesUnder()).toEqual([]);
    expect(storage.urlFor("companies/1/ads/abc.mp4")).toBe("/media/companies/1/ads/abc.mp4");
  });

  it("never leaves a temporary file behind when a stream fails", async () => {
    async function* failing() {
      yield Buffer.alloc(256 * 1024, 1);
      yield Buffer.alloc(256 * 1024, 2);
      throw new Error("the phone lost its connection");
    }
    await expect(
      storage.saveStream("companies/1/ads/broken.mp4", Readable.from(failing()), "video/mp4"),
    ).rejects.toThrow("the phone lost its connection");
    expect(filesUnder()).toEqual([]);

    // A failure before the first byte, and one that replaces nothing already stored.
    await storage.save("companies/1/ads/kept.mp4", Buffer.from("kept"), "video/mp4");
    const broken = new Readable({ read() {} });
    const saving = storage.saveStream("companies/1/ads/kept.mp4", broken, "video/mp4");
    broken.destroy(new Error("refused"));
    await expect(saving).rejects.toThrow("refused");
    expect(filesUnder()).toEqual(["companies/1/ads/kept.mp4"]);
    expect((await storage.read("companies/1/ads/kept.mp4")).toString()).toBe("kept");
  });

  it("refuses keys that would leave the media folder", async () => {
    await expect(storage.saveStream("../outside.mp4", Readable.from([]), "video/mp4")).rejects.toThrow(
      /escapes the media folder/,
    );
    expect(isSafeKey("companies/1/ads/abc.jpg")).toBe(true);
    for (const key of ["", "../x", "a/../../x", "/etc/passwd", "a//b", ".env", "a/./b", "a\\b"]) {
      expect(isSafeKey(key), key).toBe(false);
    }
  });
});
