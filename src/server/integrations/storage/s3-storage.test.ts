import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { signedInCompany, upload } from "../../test/company-session";
import { startS3Server } from "../../test/s3-server";
import { createTestContext, type TestContext } from "../../test/test-app";
import { createMediaStorage } from "./create-media-storage";

const seedMedia = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../db/seed/media");
const mp4 = fs.readFileSync(path.join(seedMedia, "ad-kofi-fufu-light-soup.mp4"));
const oneYear = "public, max-age=31536000, immutable";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let ctx: TestContext;
let jpeg: Buffer;
beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext({ env: s3.env });
  jpeg = await sharp({ create: { width: 800, height: 1200, channels: 3, background: "#0f766e" } })
    .jpeg()
    .toBuffer();
}, 30_000);
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const mediaUrl = (companyId: number) => `/api/companies/${companyId}/media`;
const keyOf = (url: string) => url.replace(/^\/media\//, "");
const head = (key: string) => s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
async function keysUnder(prefix: string) {
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key);
}

/**
 * The seed MP4 rewritten with its index (moov) after `padding` more bytes of media data: a large file
 * whose length is only known at its very end, as many phones record them.
 */
function mp4WithIndexLast(padding: number): Buffer {
  const ftyp = mp4.subarray(0, 32);
  const moov = mp4.subarray(32, 32 + 2716);
  const mdat = mp4.subarray(32 + 2716 + 8);
  const bigMdat = Buffer.alloc(mdat.length + padding);
  mdat.copy(bigMdat);
  bigMdat.writeUInt32BE(bigMdat.length, 0);
  return Buffer.concat([ftyp, bigMdat, moov]);
}

describe("media on S3-compatible storage (STORAGE_DRIVER=s3)", () => {
  it("puts an uploaded image and its thumbnail in the bucket, cacheable for a year, served at /media/", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "starter" });
    const response = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: jpeg, name: "kenkey.jpg", type: "image/jpeg" },
    });
    expect(response.statusCode).toBe(200);
    const media = response.json();
    expect(media.url).toMatch(new RegExp(`^/media/companies/${company.id}/ads/[0-9a-f]{20}\\.jpg$`));

    const original = await head(keyOf(media.url));
    expect(original).toMatchObject({
      ContentType: "image/jpeg",
      CacheControl: oneYear,
      ContentLength: jpeg.length,
    });
    const thumbnail = await head(keyOf(media.thumbnailUrl));
    expect(thumbnail).toMatchObject({ ContentType: "image/webp", CacheControl: oneYear });

    const served = await ctx.app.inject({ method: "GET", url: media.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toBe(oneYear);
    expect(served.headers.etag).toBe(original.ETag);

    const again = await ctx.app.inject({
      method: "GET",
      url: media.url,
      headers: { "if-none-match": String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);

    const headOnly = await ctx.app.inject({ method: "HEAD", url: media.thumbnailUrl });
    expect(headOnly.statusCode).toBe(200);
    expect(headOnly.headers["content-type"]).toBe("image/webp");
    expect(headOnly.rawPayload).toHaveLength(0);
  });

  it("streams a video into the bucket under its content hash and serves it, byte ranges included", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "business" });
    const response = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: mp4, name: "fufu.mp4", type: "video/mp4" },
      poster: { data: jpeg, name: "poster.jpg", type: "image/jpeg" },
    });
    expect(response.statusCode).toBe(200);
    const media = response.json();
    expect(media).toMatchObject({ kind: "video", durationSeconds: 8, sizeBytes: mp4.length });
    expect(await head(keyOf(media.url))).toMatchObject({
      ContentType: "video/mp4",
      CacheControl: oneYear,
      ContentLength: mp4.length,
    });
    expect(await head(keyOf(media.posterUrl))).toMatchObject({
      ContentType: "image/webp",
      CacheControl: oneYear,
    });
    // The temporary object the upload streamed into is gone.
    expect(await keysUnder("staging/")).toEqual([]);

    const served = await ctx.app.inject({ method: "GET", url: media.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(mp4)).toBe(true);
    expect(served.headers["content-type"]).toBe("video/mp4");
    expect(served.headers["accept-ranges"]).toBe("bytes");

    const part = await ctx.app.inject({ method: "GET", url: media.url, headers: { range: "bytes=0-99" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(0, 100))).toBe(true);
    const pastTheEnd = await ctx.app.inject({
      method: "GET",
      url: media.url,
      headers: { range: `bytes=${mp4.length + 10}-` },
    });
    expect(pastTheEnd.statusCode).toBe(416);
  });

  it("streams a large video in parts and reads its length from an index at the end of the file", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "business" });
    const large = mp4WithIndexLast(12 * 1024 * 1024);
    const response = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: large, name: "long-take.mp4", type: "video/mp4" },
    });
    expect(response.statusCode).toBe(200);
    const media = response.json();
    expect(media).toMatchObject({ kind: "video", durationSeconds: 8, sizeBytes: large.length });
    expect((await head(keyOf(media.url))).ContentLength).toBe(large.length);
    const served = await ctx.app.inject({ method: "GET", url: media.url });
    expect(served.rawPayload.equals(large)).toBe(true);
    expect(await keysUnder("staging/")).toEqual([]);
  }, 30_000);

  it("leaves nothing in the bucket when a video is refused after it streamed in", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, {
      plan: "business",
      maxAdDurationSeconds: 5,
    });
    const tooLong = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: mp4, name: "long.mp4", type: "video/mp4" },
    });
    expect(tooLong.statusCode).toBe(403);
    expect(tooLong.json().message).toBe(
      "This video is 8 seconds long; your Business plan allows up to 5 seconds.",
    );

    const oversized = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: mp4WithIndexLast(31 * 1024 * 1024), name: "huge.mp4", type: "video/mp4" },
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().message).toBe("Files must be 30 MB or smaller.");

    expect(await keysUnder("staging/")).toEqual([]);
    expect(await keysUnder(`companies/${company.id}/`)).toEqual([]);
  }, 60_000);

  it("answers a missing or malformed media key with 404, never a server error", async () => {
    const missing = await ctx.app.inject({ method: "GET", url: "/media/companies/1/ads/0000000000.jpg" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "NOT_FOUND" });
    for (const url of ["/media/", "/media/..%2F..%2Fetc%2Fpasswd", "/media/a//b.jpg", "/media/.hidden"]) {
      expect((await ctx.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });

  it("leaves nothing behind when a stream fails; moves and removes objects", async () => {
    const storage = createMediaStorage(loadConfig({ ...s3.env, LOG_LEVEL: "silent" }));
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      throw new Error("the phone lost its connection");
    }
    await expect(
      storage.saveStream("tests/broken.bin", Readable.from(failing()), "video/mp4"),
    ).rejects.toThrow(/lost its connection/);
    expect(await keysUnder("tests/")).toEqual([]);
    await storage.save("tests/kept.txt", Buffer.from("kept"), "text/plain");
    await storage.move("tests/kept.txt", "tests/moved.txt", "text/plain");
    expect((await storage.read("tests/moved.txt")).toString()).toBe("kept");
    await storage.remove("tests/moved.txt");
    await storage.remove("tests/never-there.txt");
    expect(await keysUnder("tests/")).toEqual([]);
  });
});

describe("MEDIA_PUBLIC_URL", () => {
  it("points media URLs at the CDN or public bucket, and lets pages load from it", async () => {
    const cdn = await createTestContext({
      env: { ...s3.env, MEDIA_PUBLIC_URL: "https://cdn.example.com/anigye/" },
    });
    try {
      const { company, cookies } = await signedInCompany(cdn.app, cdn.database.db, { plan: "starter" });
      const response = await upload(cdn.app, cookies, mediaUrl(company.id), {
        file: { data: jpeg, name: "kelewele.jpg", type: "image/jpeg" },
      });
      expect(response.statusCode).toBe(200);
      const media = response.json();
      expect(media.url).toMatch(
        new RegExp(`^https://cdn\\.example\\.com/anigye/companies/${company.id}/ads/\\w+\\.jpg$`),
      );
      expect(media.thumbnailUrl).toMatch(/^https:\/\/cdn\.example\.com\/anigye\/companies\/.+\.webp$/);
      const key = media.url.replace("https://cdn.example.com/anigye/", "");
      expect(await head(key)).toMatchObject({ ContentType: "image/jpeg", CacheControl: oneYear });
      // The app still serves the same key itself (older URLs, and the CDN's origin).
      expect((await cdn.app.inject({ method: "GET", url: `/media/${key}` })).rawPayload.equals(jpeg)).toBe(
        true,
      );
      const page = await cdn.app.inject({ method: "GET", url: "/" });
      const csp = String(page.headers["content-security-policy"]);
      expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
      expect(csp).toMatch(/media-src [^;]*https:\/\/cdn\.example\.com/);
    } finally {
      await cdn.close();
    }
  });
});
