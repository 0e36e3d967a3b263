import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { avifSiblingOf, smallThumbnailOf } from "../../../shared/media";
import { signedInCompany, upload } from "../../test/company-session";
import { createTestContext, type TestContext } from "../../test/test-app";

const seedMedia = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../db/seed/media");
const mp4 = fs.readFileSync(path.join(seedMedia, "ad-kofi-fufu-light-soup.mp4"));
const webm = fs.readFileSync(path.join(seedMedia, "ad-kente-weaving-story.webm"));

let ctx: TestContext;
let jpeg: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  jpeg = await sharp({ create: { width: 800, height: 1200, channels: 3, background: "#d97706" } })
    .jpeg()
    .toBuffer();
});
afterAll(() => ctx.close());

const mediaUrl = (companyId: number) => `/api/companies/${companyId}/media`;

describe("ad media uploads", () => {
  it("keeps the original image and makes a small WebP thumbnail", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "starter" });
    const response = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: jpeg, name: "waakye.jpg", type: "image/jpeg" },
    });
    expect(response.statusCode).toBe(200);
    const media = response.json();
    expect(media).toMatchObject({ kind: "image", durationSeconds: null, sizeBytes: jpeg.length });
    expect(media.url).toMatch(/\.jpg$/);
    expect(media.thumbnailUrl).toMatch(/\.webp$/);
    const thumbnail = await ctx.app.inject({ method: "GET", url: media.thumbnailUrl });
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([360, 640]);
    // The data saver's sibling: half the size each way, far fewer bytes, cacheable like the rest.
    const small = await ctx.app.inject({ method: "GET", url: smallThumbnailOf(media.thumbnailUrl) });
    expect(small.statusCode).toBe(200);
    const smallSize = await sharp(small.rawPayload).metadata();
    expect([smallSize.width, smallSize.height]).toEqual([180, 320]);
    expect(small.rawPayload.length).toBeLessThan(thumbnail.rawPayload.length / 2);
    const original = await ctx.app.inject({ method: "GET", url: media.url });
    expect(original.rawPayload.equals(jpeg)).toBe(true);
  });

  it("gives each card thumbnail AVIF siblings, the full one small enough for a connection's first round trip", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "starter" });
    const photo = fs.readFileSync(path.join(seedMedia, "ad-ama-beads-bracelets.webp"));
    const response = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: photo, name: "beads.webp", type: "image/webp" },
    });
    expect(response.statusCode).toBe(200);
    const { thumbnailUrl } = response.json();
    const siblings = [
      { url: avifSiblingOf(thumbnailUrl), box: [360, 640] },
      { url: avifSiblingOf(smallThumbnailOf(thumbnailUrl)), box: [180, 320] },
    ];
    for (const { url, box } of siblings) {
      const avif = await ctx.app.inject({ method: "GET", url });
      expect(avif.statusCode).toBe(200);
      expect(avif.headers["content-type"]).toBe("image/avif");
      expect(avif.headers["cache-control"]).toContain("immutable");
      const size = await sharp(avif.rawPayload).metadata();
      expect([size.format, size.width, size.height]).toEqual(["heif", ...box]);
    }
    const webp = await ctx.app.inject({ method: "GET", url: thumbnailUrl });
    const avif = await ctx.app.inject({ method: "GET", url: avifSiblingOf(thumbnailUrl) });
    // A busy photo: its WebP needs more than a first round trip; the AVIF fits it, headers included.
    expect(webp.rawPayload.length).toBeGreaterThan(14_600);
    expect(avif.rawPayload.length).toBeLessThanOrEqual(13_000);
  });

  it("judges a file by its content, not its name or claimed type", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "business" });
    const fake = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: Buffer.from("<html>not an image</html>"), name: "photo.jpg", type: "image/jpeg" },
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe("This file is not a JPEG, PNG or WebP image, or an MP4 or WebM video.");
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    expect(
      (
        await upload(ctx.app, cookies, mediaUrl(company.id), {
          file: { data: gif, name: "a.png", type: "image/png" },
        })
      ).statusCode,
    ).toBe(415);
  });

  it("refuses an image over 5 MB", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "business" });
    const big = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: big, name: "big.jpg", type: "image/jpeg" },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe("Images must be 5 MB or smaller.");
  });

  it("refuses video on a plan without video", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "starter" });
    const response = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: mp4, name: "ad.mp4", type: "video/mp4" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "PLAN_LIMIT",
      message: "Your Starter plan allows image ads only. Upgrade to Business or higher for video.",
    });
  });

  it("reads an MP4's and a WebM's real length and accepts them within the plan", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "business" });
    const mp4Upload = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: mp4, name: "fufu.mp4", type: "video/mp4" },
      poster: { data: jpeg, name: "poster.jpg", type: "image/jpeg" },
    });
    expect(mp4Upload.statusCode).toBe(200);
    expect(mp4Upload.json()).toMatchObject({ kind: "video", durationSeconds: 8 });
    expect(mp4Upload.json().posterUrl).toMatch(/\.webp$/);
    const webmUpload = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: webm, name: "kente.webm", type: "video/webm" },
    });
    expect(webmUpload.json()).toMatchObject({ kind: "video", durationSeconds: 6 });
  });

  it("refuses a video longer than the plan allows, measured from the file", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, {
      plan: "business",
      maxAdDurationSeconds: 5,
    });
    const response = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: mp4, name: "long.mp4", type: "video/mp4" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      "This video is 8 seconds long; your Business plan allows up to 5 seconds.",
    );
    // The video streamed to a temporary file first; a refused one leaves nothing behind.
    const staging = path.join(ctx.dataDir, "media", "staging");
    expect(fs.existsSync(staging) ? fs.readdirSync(staging) : []).toEqual([]);
    expect(fs.existsSync(path.join(ctx.dataDir, "media", "companies", String(company.id)))).toBe(false);
  });

  it("refuses an MP4 whose header says 8 seconds while its samples play 80", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, {
      plan: "business",
      maxAdDurationSeconds: 30,
    });
    const response = await upload(ctx.app, cookies, mediaUrl(company.id), {
      file: { data: withSlowedSamples(mp4, 10), name: "long.mp4", type: "video/mp4" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "This video's header says it is 8 seconds long, but it plays for 80 seconds. Export it again as MP4 (H.264) and try again.",
    );
    const staging = path.join(ctx.dataDir, "media", "staging");
    expect(fs.existsSync(staging) ? fs.readdirSync(staging) : []).toEqual([]);
  });

  it("lets nobody upload for another company", async () => {
    const owner = await signedInCompany(ctx.app, ctx.database.db, { plan: "business" });
    const other = await signedInCompany(ctx.app, ctx.database.db, { plan: "business" });
    const response = await upload(ctx.app, other.cookies, mediaUrl(owner.company.id), {
      file: { data: jpeg, name: "x.jpg", type: "image/jpeg" },
    });
    expect(response.statusCode).toBe(403);
    const signedOut = await upload(ctx.app, {}, mediaUrl(owner.company.id), {
      file: { data: jpeg, name: "x.jpg", type: "image/jpeg" },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

/**
 * The same MP4 with every sample lasting `factor` times longer (each time-to-sample delta multiplied),
 * while its movie and track headers still state the original length.
 */
function withSlowedSamples(file: Buffer, factor: number): Buffer {
  const copy = Buffer.from(file);
  let found = 0;
  for (let at = copy.indexOf("stts"); at !== -1; at = copy.indexOf("stts", at + 4)) {
    const entries = copy.readUInt32BE(at + 8);
    // The four letters could occur inside the media data; a real box's size matches its entry count.
    if (copy.readUInt32BE(at - 4) !== 16 + entries * 8) continue;
    for (let entry = 0; entry < entries; entry += 1) {
      const delta = at + 12 + entry * 8 + 4;
      copy.writeUInt32BE(copy.readUInt32BE(delta) * factor, delta);
    }
    found += 1;
  }
  expect(found).toBeGreaterThan(0);
  return copy;
}
