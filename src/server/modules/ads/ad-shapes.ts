import { getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import { withOwnRewardFields } from "../../../shared/contracts/ad-options";
import {
  adInput,
  type CompanyAd,
  companyAd,
  type DiscoveryAd,
  type ViewerAd,
} from "../../../shared/contracts/ads";
import { type Ad, ads } from "../../db/schema/ads";
import type { MediaFile } from "../media";
import type { CodePool } from "../rewards";

/**
 * An ad's shapes in one place: the row as the owner, Discover and the viewer see it, and what a business
 * sends as columns. A field the contract and the table name alike is copied as it is (the compiler checks
 * that the types agree); only a field renamed or converted on the way has a line of its own here.
 */

export type AdFields = z.output<typeof adInput>;

const columns = getTableColumns(ads);
type Columns = typeof columns;

/** The names among these that are also columns of `ads`. */
function namesInTable<K extends string>(names: readonly K[]): Extract<K, keyof Columns>[] {
  return names.filter((name): name is Extract<K, keyof Columns> => name in columns);
}

function pick<T extends object, K extends keyof T>(from: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, from[name]])) as Pick<T, K>;
}

/** The ads columns with these names; a row selected with them is `Pick<Ad, names>`. */
function columnsNamed<K extends keyof Columns>(names: readonly K[]): Pick<Columns, K> {
  return pick(columns, names);
}

export function adStatus(ad: Pick<Ad, "expiresAt" | "isActive">, now: Date): CompanyAd["status"] {
  if (ad.expiresAt && ad.expiresAt <= now) return "expired";
  return ad.isActive ? "active" : "paused";
}

const companyAdColumnNames = namesInTable(Object.keys(companyAd.shape) as (keyof CompanyAd)[]);

/** The owner's view of an ad, with its pool of codes. */
export function toCompanyAd(ad: Ad, codes: CodePool | undefined, now: Date): CompanyAd {
  return {
    ...pick(ad, companyAdColumnNames),
    mediaId: ad.mediaFileId,
    mediaUrl: ad.adType === "video" ? ad.videoUrl : ad.imageUrl,
    discountCodesTotal: codes?.total ?? 0,
    discountCodesLeft: codes?.unused.length ?? 0,
    discountCodes: codes?.unused ?? [],
    badgeName: ad.badgeId,
    expiresAt: ad.expiresAt?.toISOString() ?? null,
    status: adStatus(ad, now),
    createdAt: ad.createdAt.toISOString(),
  };
}

const inputColumnNames = namesInTable(Object.keys(adInput.shape) as (keyof AdFields)[]);
type InputColumn = (typeof inputColumnNames)[number];
/** A field left out is stored as null, so an edit that empties a box clears the column. */
type Stored<K extends InputColumn> = undefined extends AdFields[K]
  ? Exclude<AdFields[K], undefined> | null
  : AdFields[K];

/**
 * What a business sets, as columns (the media's columns come from `mediaColumns`). Fields of the other
 * reward types are stored empty.
 */
export function inputColumns(input: AdFields) {
  const own = withOwnRewardFields(input);
  const copied = Object.fromEntries(inputColumnNames.map((name) => [name, own[name] ?? null])) as {
    [K in InputColumn]: Stored<K>;
  };
  return {
    ...copied,
    badgeId: own.badgeName ?? null,
    expiresAt: own.expiresAt ? new Date(own.expiresAt) : null,
  };
}

/** The codes the ad's pool keeps free: the list sent for a discount from a pool, else none. */
export function wantedCodes(input: AdFields): string[] {
  return withOwnRewardFields(input).discountCodes;
}

/** The ad's media as columns: the file, its URLs and how long the ad runs. */
export function mediaColumns(media: MediaFile, durationSeconds: number, urlFor: (key: string) => string) {
  const url = (key: string | null) => (key ? urlFor(key) : null);
  return {
    adType: media.kind,
    mediaFileId: media.id,
    imageUrl: media.kind === "image" ? url(media.storageKey) : null,
    videoUrl: media.kind === "video" ? url(media.storageKey) : null,
    posterUrl: url(media.posterKey),
    thumbnailUrl: url(media.thumbnailKey),
    durationSeconds,
  };
}

function mediaUrlOf(ad: Pick<Ad, "adType" | "imageUrl" | "videoUrl" | "thumbnailUrl">): string {
  return (ad.adType === "video" ? ad.videoUrl : ad.imageUrl) ?? ad.thumbnailUrl ?? "";
}

/** What a Discover card shows of an ad (its business comes beside it). */
export const cardColumns = columnsNamed([
  "id",
  "title",
  "description",
  "category",
  "adType",
  "imageUrl",
  "videoUrl",
  "thumbnailUrl",
  "isFeatured",
  "rewardType",
  "cashbackPesewas",
]);
type CardAd = Pick<Ad, keyof typeof cardColumns>;
type Card = Omit<DiscoveryAd, "isWatched" | "distanceKm">;

/**
 * A card as Discover sends it, before this member's own part (watched, distance). `monthDrawPrize` is
 * the prize of the draw a prize-entry reward would enter now (docs/product-rules.md#ads-prize-entry-shows-the-draws-prize).
 */
export function toDiscoveryAd(ad: CardAd, company: Card["company"], monthDrawPrize: string | null): Card {
  return {
    id: ad.id,
    title: ad.title,
    description: ad.description,
    category: ad.category,
    mediaUrl: mediaUrlOf(ad),
    mediaType: ad.adType,
    thumbnailUrl: ad.thumbnailUrl,
    company,
    isFeatured: ad.isFeatured,
    rewardType: ad.rewardType,
    drawPrize: ad.rewardType === "prize_entry" ? monthDrawPrize : null,
    cashbackPesewas: ad.rewardType === "cashback" ? ad.cashbackPesewas : null,
  };
}

/** One ad as the viewer plays it; a map link of its own, else its business's. */
export function toViewerAd(
  ad: Ad,
  company: Card["company"] & { mapsUrl: string | null },
  member: { isWatched: boolean; likedByMe: boolean },
  monthDrawPrize: string | null,
): ViewerAd {
  return {
    ...toDiscoveryAd(ad, { id: company.id, name: company.name, logo: company.logo }, monthDrawPrize),
    posterUrl: ad.posterUrl,
    isWatched: member.isWatched,
    distanceKm: null,
    durationSeconds: ad.durationSeconds,
    minWatchPercent: ad.minWatchPercent,
    discountPercent: ad.discountPercent,
    xpPointsReward: ad.xpPointsReward,
    googleMapsLink: ad.googleMapsLink ?? company.mapsUrl,
    branchName: ad.branchName,
    likeCount: ad.likeCount,
    likedByMe: member.likedByMe,
  };
}
