import { z } from "zod";
import { idParam, idSchema } from "./ids";

/* Early-access signups (the user and business tabs of /coming-soon and /early-access), for admins. */

export const signupKinds = ["consumer", "merchant"] as const;
export type SignupKind = (typeof signupKinds)[number];
/** waiting: not invited yet; converted: invited (or otherwise turned into an account). */
export const signupStatuses = ["all", "waiting", "converted"] as const;
export type SignupStatus = (typeof signupStatuses)[number];
export const signupsPageSize = 25;

const signupKind = z.enum(signupKinds, { error: "Choose consumer or merchant" });

/** The filter the list and the CSV export share. */
const signupsFilter = z.object({
  kind: signupKind.default("consumer"),
  /** Part of a name, email or phone number (and, for merchants, the company). */
  q: z
    .string({ error: "The search must be text" })
    .trim()
    .max(100, "The search must be at most 100 characters")
    // Checked here because the export streams: a database refusal then would cut the file off.
    .refine((value) => !value.includes("\u0000"), "The search can't contain a NUL character")
    .optional()
    .transform((value) => (value ? value : undefined)),
  status: z.enum(signupStatuses, { error: "Choose all, waiting or converted" }).default("all"),
});
export type SignupsFilter = z.output<typeof signupsFilter>;

/** GET /api/admin/signups?kind=&q=&status=&page= : newest first, 25 a page. */
export const signupsQuery = signupsFilter.extend({
  page: z.coerce
    .number({ error: "The page must be a number" })
    .int("The page must be a whole number")
    .min(1, "Pages start at 1")
    .max(100_000, "No such page")
    .default(1),
});

/** GET /api/admin/signups/export.csv?kind=&q=&status= : every matching signup, oldest first. */
export const signupsExportQuery = signupsFilter;

const signupBase = z.object({
  id: idSchema,
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  region: z.string().nullable(),
  marketingConsent: z.boolean(),
  isConverted: z.boolean(),
  createdAt: z.iso.datetime(),
});

export const consumerSignupItem = signupBase.extend({
  age: z.string().nullable(),
  gender: z.string().nullable(),
  city: z.string().nullable(),
  occupation: z.string().nullable(),
  smsConsent: z.boolean(),
  feedbackWillingness: z.boolean(),
});
export type ConsumerSignupItem = z.infer<typeof consumerSignupItem>;

export const merchantSignupItem = signupBase.extend({
  title: z.string().nullable(),
  company: z.string().nullable(),
  businessType: z.string().nullable(),
  businessSize: z.string().nullable(),
  location: z.string().nullable(),
  expectedSpend: z.string().nullable(),
  urgency: z.string().nullable(),
  callbackTime: z.string().nullable(),
  preferredLanguage: z.string(),
});
export type MerchantSignupItem = z.infer<typeof merchantSignupItem>;

const pageFields = {
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every signup that matches the filter, on all pages. */
  total: z.number().int(),
};
export const signupsResponse = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("consumer"), items: z.array(consumerSignupItem), ...pageFields }),
  z.object({ kind: z.literal("merchant"), items: z.array(merchantSignupItem), ...pageFields }),
]);
export type SignupsResponse = z.infer<typeof signupsResponse>;

/** POST /api/admin/signups/:kind/:id/invite (no body). */
export const signupParams = z.object({ kind: signupKind, id: idParam });
export const inviteSignupResponse = z.object({
  kind: z.enum(signupKinds),
  id: idSchema,
  email: z.string(),
  isConverted: z.literal(true),
  message: z.string(),
});
export type InviteSignupResponse = z.infer<typeof inviteSignupResponse>;
