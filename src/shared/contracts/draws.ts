import { z } from "zod";
import { drawExclusionReasons } from "../draw-exclusions";
import { tierIds } from "../tiers";
import { optionalText, requiredText } from "./common";
import { idSchema } from "./ids";

/*
 * Provably fair draws (docs/draw-algorithm.md). The monthly prize draw and each competition publish a
 * commitment (SHA-256 of a secret seed) when they open; at the draw the seed is revealed and the winner
 * is a published function of it and the sorted entry list, which anyone can re-run.
 */

/** A monthly draw's prize until an admin sets it; screens say "this month's prize draw" instead. */
export const prizeToBeAnnounced = "To be announced";

export const drawKinds = ["monthly", "competition"] as const;
export type DrawKind = (typeof drawKinds)[number];
export const drawEntrySourceKinds = ["prize_entry", "loyalty_cycle", "points", "tier"] as const;
export type DrawEntrySourceKind = (typeof drawEntrySourceKinds)[number];

export const drawEntryLine = z.object({
  /** The member's pseudonymous id in this draw (the same member has another id in every other draw). */
  member: z.string(),
  count: z.number().int(),
});

/** An entry of the frozen list left out at the draw, and why (docs/draw-algorithm.md). */
export const drawExcludedLine = drawEntryLine.extend({ reason: z.enum(drawExclusionReasons) });

const publicRandomness = z
  .string({ error: "Public randomness must be text" })
  .trim()
  .min(1, "Type the public randomness value, or leave it out")
  .max(200, "Public randomness must be at most 200 characters")
  .regex(/^[\x21-\x7e]+$/, "Public randomness is one word of printable characters (a drand value is hex)");

/** GET /api/draws/:id (public) */
export const drawPublic = z.object({
  id: idSchema,
  kind: z.enum(drawKinds),
  title: z.string(),
  /** "2026-11" */
  month: z.string(),
  prizeTitle: z.string(),
  prizeDescription: z.string().nullable(),
  prizeValuePesewas: z.number().int().nullable(),
  /** The prize's fingerprint, fixed when entries close (docs/draw-algorithm.md); null while open. */
  prizeHash: z.string().nullable(),
  /** SHA-256 (hex) of the secret seed, published when the draw opened. */
  commitment: z.string(),
  /** Revealed at the draw; null until then. */
  seed: z.string().nullable(),
  /** Where the public randomness comes from, announced before the draw (e.g. "drand quicknet round 123"). */
  publicRandomnessSource: z.string().nullable(),
  publicRandomness: z.string().nullable(),
  /** The entries the winner is drawn from (before the draw: the list so far, or as frozen). */
  entries: z.array(drawEntryLine),
  /**
   * Entries of the frozen list left out at the draw because their member was suspended, had deleted the
   * account or was no longer a consumer then: in the entries hash, without tickets. Empty before the draw.
   */
  excluded: z.array(drawExcludedLine),
  /**
   * SHA-256 of the canonical list frozen when entries close (before any public randomness): `entries`
   * and `excluded` together.
   */
  entriesHash: z.string().nullable(),
  entriesClosedAt: z.iso.datetime().nullable(),
  /** The tickets: the counts of `entries` added up. */
  totalEntries: z.number().int(),
  winningTicket: z.number().int().nullable(),
  winner: z.object({ member: z.string(), displayName: z.string() }).nullable(),
  openedAt: z.iso.datetime(),
  registrationDeadline: z.iso.datetime().nullable(),
  drawDate: z.iso.datetime().nullable(),
  drawnAt: z.iso.datetime().nullable(),
  prizeClaimed: z.boolean(),
  algorithm: z.string(),
  /** For a signed-in member: their pseudonymous id in this draw, if they have entries. */
  yourMember: z.string().nullable(),
  /** For the signed-in winner while the prize is unclaimed. */
  canClaim: z.boolean(),
});
export type DrawPublic = z.infer<typeof drawPublic>;

/** GET /api/draws/:id/record: what `npm run verify-draw -- <file>` checks, for the lottery authority. */
export const drawRecord = drawPublic
  .pick({
    algorithm: true,
    kind: true,
    id: true,
    title: true,
    month: true,
    prizeTitle: true,
    prizeDescription: true,
    prizeValuePesewas: true,
    prizeHash: true,
    commitment: true,
    seed: true,
    publicRandomnessSource: true,
    publicRandomness: true,
    entries: true,
    excluded: true,
    entriesHash: true,
    entriesClosedAt: true,
    totalEntries: true,
    winningTicket: true,
    winner: true,
    openedAt: true,
    registrationDeadline: true,
    drawnAt: true,
  })
  .extend({ exportedAt: z.iso.datetime() });
export type DrawRecord = z.infer<typeof drawRecord>;

export const drawStatuses = ["open", "ready", "drawn"] as const;

/** GET /api/admin/draws: monthly draws and competitions, newest first. */
export const adminDraw = z.object({
  id: idSchema,
  kind: z.enum(drawKinds),
  title: z.string(),
  month: z.string(),
  prizeTitle: z.string(),
  /** The prize's current description and value, so the edit form starts from them. */
  prizeDescription: z.string().nullable(),
  prizeValuePesewas: z.number().int().nullable(),
  /** open: still taking entries; ready: registration closed, can be drawn; drawn. */
  status: z.enum(drawStatuses),
  members: z.number().int(),
  totalEntries: z.number().int(),
  commitment: z.string(),
  publicRandomnessSource: z.string().nullable(),
  registrationDeadline: z.iso.datetime().nullable(),
  drawDate: z.iso.datetime().nullable(),
  drawnAt: z.iso.datetime().nullable(),
  winner: z
    .object({
      member: z.string(),
      displayName: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  prizeClaimedAt: z.iso.datetime().nullable(),
});
export type AdminDraw = z.infer<typeof adminDraw>;
export const adminDrawsResponse = z.object({ draws: z.array(adminDraw) });
export type AdminDrawsResponse = z.infer<typeof adminDrawsResponse>;

/** POST /api/admin/draws/:id/draw (competitions: POST /api/admin/competitions/:id/draw) */
export const runDrawRequest = z.object({ publicRandomness: publicRandomness.optional() });
export type RunDrawRequest = z.infer<typeof runDrawRequest>;

/**
 * PUT /api/admin/draws/:id: the prize and announcement while the draw is open; once entries close the
 * prize is fixed (the same prize may be sent again with another draw date).
 */
export const updateDrawRequest = z.object({
  prizeTitle: requiredText("Prize", 120),
  prizeDescription: optionalText("Prize description", 1000),
  prizeValuePesewas: z.number().int().min(0).max(100_000_000).optional(),
  drawDate: z.iso.datetime({ error: "Draw date must be a date and time" }).optional(),
  publicRandomnessSource: optionalText("Public randomness source", 200),
});
export type UpdateDrawRequest = z.infer<typeof updateDrawRequest>;

// --- A member's entries --------------------------------------------------------------------------

export const myDrawEntries = z.object({
  draw: z
    .object({
      id: idSchema,
      title: z.string(),
      prizeTitle: z.string(),
      commitment: z.string(),
      drawDate: z.iso.datetime().nullable(),
      registrationDeadline: z.iso.datetime().nullable(),
    })
    .nullable(),
  /** Entries that count (earned + tier bonus, at most maxEntries). */
  entries: z.number().int(),
  maxEntries: z.number().int(),
  /** Where they came from; "tier" is the bonus for the member's tier. */
  sources: z.array(z.object({ source: z.enum(drawEntrySourceKinds), count: z.number().int() })),
  /** The latest drawn draws, for links to their public pages. */
  recentResults: z.array(
    z.object({ id: idSchema, title: z.string(), drawnAt: z.iso.datetime(), youWon: z.boolean() }),
  ),
});
export type MyDrawEntries = z.infer<typeof myDrawEntries>;

// --- Competitions --------------------------------------------------------------------------------

export const createCompetitionRequest = z.object({
  title: requiredText("Title", 120),
  description: optionalText("Description", 1000),
  prizeTitle: requiredText("Prize", 120),
  prizeDescription: optionalText("Prize description", 1000),
  prizeValuePesewas: z.number().int().min(0).max(100_000_000).optional(),
  sponsorCompanyId: idSchema.optional(),
  minimumTier: z.enum(tierIds, { error: "Choose bronze, silver, gold or diamond" }).default("bronze"),
  requiresPlus: z.boolean().default(true),
  minimumValidatedRedemptions: z.number().int().min(0).max(100).default(3),
  minimumSocialShares: z.number().int().min(0).max(100).default(2),
  /** "2026-11": the month whose activity counts. */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Month must look like 2026-11"),
  drawDate: z.iso.datetime({ error: "Draw date must be a date and time" }),
  publicRandomnessSource: optionalText("Public randomness source", 200),
});
export type CreateCompetitionRequest = z.infer<typeof createCompetitionRequest>;

export const competitionProgress = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string().nullable(),
  month: z.string(),
  prizeTitle: z.string(),
  prizeDescription: z.string().nullable(),
  sponsor: z.object({ id: idSchema, name: z.string() }).nullable(),
  drawDate: z.iso.datetime().nullable(),
  drawn: z.boolean(),
  requirements: z.object({
    minimumTier: z.enum(tierIds),
    requiresPlus: z.boolean(),
    minimumValidatedRedemptions: z.number().int(),
    minimumSocialShares: z.number().int(),
  }),
  /** The signed-in member's standing this month; null when signed out. */
  progress: z
    .object({
      tier: z.enum(tierIds),
      tierMet: z.boolean(),
      isPlus: z.boolean(),
      plusMet: z.boolean(),
      validatedRedemptions: z.number().int(),
      socialShares: z.number().int(),
      eligible: z.boolean(),
    })
    .nullable(),
});
export type CompetitionProgress = z.infer<typeof competitionProgress>;
export const competitionsResponse = z.object({ competitions: z.array(competitionProgress) });
export type CompetitionsResponse = z.infer<typeof competitionsResponse>;

export const claimPrizeResponse = z.object({ claimed: z.literal(true), claimedAt: z.iso.datetime() });

/** GET /api/draws (public): the latest monthly draws and competitions, newest first. */
export const drawSummary = z.object({
  id: idSchema,
  kind: z.enum(drawKinds),
  title: z.string(),
  month: z.string(),
  prizeTitle: z.string(),
  status: z.enum(drawStatuses),
  drawDate: z.iso.datetime().nullable(),
  drawnAt: z.iso.datetime().nullable(),
  winnerDisplayName: z.string().nullable(),
});
export type DrawSummary = z.infer<typeof drawSummary>;
export const drawsListResponse = z.object({ draws: z.array(drawSummary) });
export type DrawsListResponse = z.infer<typeof drawsListResponse>;
