import { z } from "zod";
import { endOfAccraDay } from "../accra-time";
import {
  type AdminUpdateCompanyRequest,
  adminUpdateCompanyRequest,
  type CreateCompanyRequest,
  companySetupRequest,
  createCompanyRequest,
  resendSetupRequest,
  setCompanyPlanRequest,
  updateCompanyProfileRequest,
} from "../contracts/companies";

/** The business account forms' schemas, derived from the request contracts (same rules, same messages). */

/** Setup from the emailed link: the password typed twice; the token comes from the link. */
export const companySetupForm = companySetupRequest
  .extend({ confirmPassword: z.string() })
  .refine((setup) => setup.newPassword === setup.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
    // A password that is itself refused says so first; "do not match" would only add noise.
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "newPassword"),
  });

/**
 * "Send me a new link": one box for the contact email or phone on file. An `@` makes it the email;
 * the request's own rules check it, and every message lands on the box.
 */
export const resendSetupForm = z.object({ contact: z.string() }).transform(({ contact }, ctx) => {
  const value = contact.trim();
  const parsed = resendSetupRequest.safeParse(
    value.includes("@") ? { contactEmail: value } : { contactPhone: value },
  );
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: "custom", path: ["contact"], message: issue.message });
  }
  return z.NEVER;
});

/** "jollof, waakye , chop bar" → ["jollof", "waakye", "chop bar"]. */
export function tagsOf(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** The business profile: search tags are typed comma separated. */
export const companyProfileForm = updateCompanyProfileRequest.extend({
  searchTags: z.string().transform(tagsOf).pipe(updateCompanyProfileRequest.shape.searchTags.unwrap()),
});

/** A coordinate as typed: blank is "not given"; anything else must read as a number. */
const coordinate = (text: string) => (text.trim() ? Number(text) : undefined);

/** An admin registers a business: the boxes hold text, the request wants numbers and leaves blanks out. */
export const registerBusinessForm = z
  .object({
    name: z.string(),
    category: z.string(),
    subcategory: z.string(),
    city: z.string(),
    address: z.string(),
    googleMapsUrl: z.string(),
    latitude: z.string(),
    longitude: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    plan: z.string(),
  })
  .transform(
    (business) =>
      // The choices (category, city, plan) are checked by the request's own rules next.
      ({
        ...business,
        googleMapsUrl: business.googleMapsUrl.trim(),
        latitude: coordinate(business.latitude),
        longitude: coordinate(business.longitude),
        contactEmail: business.contactEmail.trim(),
        contactPhone: business.contactPhone.trim(),
      }) as CreateCompanyRequest,
  )
  .pipe(createCompanyRequest);

/** An admin sets a plan: paid until the end of the chosen Accra day; no day means not paid; and why. */
export const setPlanForm = z
  .object({ plan: z.string(), paidUntil: z.string(), reason: z.string() })
  .transform(({ plan, paidUntil, reason }) => ({
    plan,
    paidUntil: paidUntil.trim() ? endOfAccraDay(paidUntil.trim()) : null,
    reason,
  }))
  .pipe(setCompanyPlanRequest);

/**
 * An admin corrects a business's details: every box is sent (the server records only what changed); an
 * emptied contact box removes that contact.
 */
export const adminEditCompanyForm = z
  .object({
    name: z.string(),
    category: z.string(),
    subcategory: z.string(),
    city: z.string(),
    address: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
  })
  .transform(
    // The choices (category, city) are checked by the request's own rules next.
    (business) => business as AdminUpdateCompanyRequest,
  )
  .pipe(adminUpdateCompanyRequest);
