import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { LocalDiskStorage } from "../src/server/integrations/storage/storage";
import { cardThumbnail, storeImageWithThumbnail } from "../src/server/modules/media/image-processing";

/**
 * What an ad picture's upload spends on its card thumbnails (`storeImageWithThumbnail`): with the AVIF
 * siblings and without them (the WebP and its data-saver sibling only), on the seed's posters and on a
 * 12-megapixel phone photo. `npx tsx bench/thumbnails.ts [rounds]` (default 3); median per picture.
 */
const rounds = Number(process.argv[2] ?? 3);
const seedMedia = path.resolve("src/server/db/seed/media");
const posters = fs
  .readdirSync(seedMedia)
  .filter((name) => name.startsWith("ad-") && name.endsWith(".webp"))
  .map((name) => fs.readFileSync(path.join(seedMedia, name)));
// A busy 4000×3000 photo: noise over a gradient compresses about as badly as a real one.
const photo = await sharp({
  create: {
    width: 4000,
    height: 3000,
    channels: 3,
    background: "#b45309",
    noise: { type: "gaussian", mean: 128, sigma: 40 },
  },
})
  .jpeg({ quality: 85 })
  .toBuffer();

const withoutAvif = { ...cardThumbnail, avif: undefined };
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-thumbnails-"));
const storage = new LocalDiskStorage(directory);

async function medianMs(pictures: Buffer[], size: typeof cardThumbnail): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const picture of pictures) {
      const started = performance.now();
      await storeImageWithThumbnail(storage, `bench/${round}`, picture, ".img", "image/webp", size);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]!);
}

try {
  const results = {
    seedPostersWithoutAvifMs: await medianMs(posters, withoutAvif),
    seedPostersWithAvifMs: await medianMs(posters, cardThumbnail),
    photo12MpWithoutAvifMs: await medianMs([photo], withoutAvif),
    photo12MpWithAvifMs: await medianMs([photo], cardThumbnail),
  };
  console.log(
    JSON.stringify(
      { measuredAt: new Date().toISOString(), posters: posters.length, rounds, results },
      null,
      2,
    ),
  );
} finally {
  fs.rmSync(directory, { recursive: true, force: true });
}
