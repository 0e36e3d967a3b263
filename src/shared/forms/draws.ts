import { z } from "zod";
import { createCompetitionRequest, runDrawRequest, updateDrawRequest } from "../contracts/draws";

/**
 * The admin's draw forms, derived from the request contracts: the same rules and messages, with the
 * browser's own inputs (a date-time box, a month box, cedis) turned into what the request carries.
 * Accra keeps GMT all year, so a date and time typed in Accra is that time in UTC.
 */

/** "2026-11-30T18:00" (a datetime-local box, read as Accra time) → "2026-11-30T18:00:00.000Z". */
export function accraInputToIso(value: string): string | undefined {
  const trimmed = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(trimmed)) return undefined;
  const iso = `${trimmed.length === 16 ? `${trimmed}:00` : trimmed}.000Z`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}

/** The reverse, for a form's starting value: an ISO instant → "2026-11-30T18:00" in Accra. */
export function isoToAccraInput(iso: string | null | undefined): string {
  return iso ? new Date(iso).toISOString().slice(0, 16) : "";
}

/** The reverse of the cedis box, for a form's starting value: 150050 pesewas → "1500.50". */
export function pesewasToCedisInput(pesewas: number | null | undefined): string {
  if (pesewas === null || pesewas === undefined) return "";
  return pesewas % 100 === 0 ? String(pesewas / 100) : (pesewas / 100).toFixed(2);
}

const drawDateBox = (required: boolean) =>
  z.string().transform((value, ctx) => {
    if (!value.trim()) {
      if (required) ctx.addIssue({ code: "custom", message: "Draw date is required" });
      return undefined;
    }
    const iso = accraInputToIso(value);
    if (!iso) ctx.addIssue({ code: "custom", message: "Draw date must be a date and time" });
    return iso;
  });

/** "150" or "150.50" cedis → pesewas; empty → undefined. */
const cedisBox = z.string().transform((value, ctx) => {
  const trimmed = value.trim().replace(/,/g, "");
  if (!trimmed) return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) {
    ctx.addIssue({ code: "custom", message: "Prize value is an amount in cedis, like 150 or 150.50" });
    return z.NEVER;
  }
  return Math.round(Number(trimmed) * 100);
});

/** PUT /api/admin/draws/:id from the edit form. */
export const updateDrawForm = updateDrawRequest
  .omit({ drawDate: true, prizeValuePesewas: true })
  .extend({ drawDate: drawDateBox(false), prizeValueCedis: cedisBox })
  .transform(({ prizeValueCedis, ...rest }, ctx) => {
    const parsed = updateDrawRequest.safeParse({ ...rest, prizeValuePesewas: prizeValueCedis });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "prizeValuePesewas" ? "prizeValueCedis" : issue.path[0];
      ctx.addIssue({ code: "custom", path: [field ?? "prizeTitle"], message: issue.message });
    }
    return z.NEVER;
  });
export type UpdateDrawFormValues = z.input<typeof updateDrawForm>;

/** POST /api/admin/competitions from the new-competition form. */
export const createCompetitionForm = createCompetitionRequest
  .omit({
    drawDate: true,
    prizeValuePesewas: true,
    sponsorCompanyId: true,
    minimumValidatedRedemptions: true,
    minimumSocialShares: true,
  })
  .extend({
    drawDate: drawDateBox(true),
    prizeValueCedis: cedisBox,
    sponsorCompanyId: z.string(),
    minimumValidatedRedemptions: z.string(),
    minimumSocialShares: z.string(),
  })
  .transform(({ prizeValueCedis, sponsorCompanyId, ...rest }, ctx) => {
    const sponsor = sponsorCompanyId.trim();
    const parsed = createCompetitionRequest.safeParse({
      ...rest,
      prizeValuePesewas: prizeValueCedis,
      sponsorCompanyId: sponsor ? Number(sponsor) : undefined,
      minimumValidatedRedemptions: Number(rest.minimumValidatedRedemptions.trim() || "0"),
      minimumSocialShares: Number(rest.minimumSocialShares.trim() || "0"),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "title");
      const field = key === "prizeValuePesewas" ? "prizeValueCedis" : key;
      ctx.addIssue({ code: "custom", path: [field], message: issue.message });
    }
    return z.NEVER;
  });

/** "Run the draw": the public randomness value is optional; an empty box means none. */
export const runDrawForm = z
  .object({ publicRandomness: z.string() })
  .transform(({ publicRandomness }, ctx) => {
    const parsed = runDrawRequest.safeParse({ publicRandomness: publicRandomness.trim() || undefined });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: "custom", path: ["publicRandomness"], message: issue.message });
    }
    return z.NEVER;
  });
