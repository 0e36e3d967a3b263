import { z } from "zod";
import { categories, cities, isSubcategoryOf } from "../categories";
import { planIds } from "../plans";
import { ghanaPhoneSchema, otpSchema, usernameSchema } from "./auth";
import { requiredText } from "./common";
import { idSchema } from "./ids";

const optionalEmail = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string()
    .trim()
    .pipe(z.email("Enter a valid contact email"))
    .transform((e) => e.toLowerCase())
    .optional(),
);
const optionalPhone = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  ghanaPhoneSchema.optional(),
);
const optionalHttpsUrl = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z
      .url({ protocol: /^https?$/, error: `${label} must be a web address (https://…)` })
      .max(500)
      .optional(),
  );

/** POST /api/admin/companies: an admin creates a business; the owner finishes setup from a link. */
export const createCompanyRequest = z
  .object({
    name: requiredText("Business name", 120),
    category: z.enum(categories as [string, ...string[]], { error: "Choose a category from the catalogue" }),
    subcategory: requiredText("Subcategory", 60),
    city: z.enum(cities, { error: "Choose a city" }),
    address: requiredText("Address", 200),
    googleMapsUrl: optionalHttpsUrl("Map link"),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    contactEmail: optionalEmail,
    contactPhone: optionalPhone,
    plan: z.enum(planIds).default("starter"),
  })
  .superRefine((value, ctx) => {
    if (!isSubcategoryOf(value.category, value.subcategory)) {
      ctx.addIssue({
        code: "custom",
        path: ["subcategory"],
        message: `Choose a subcategory of ${value.category}`,
      });
    }
    if (!value.googleMapsUrl && (value.latitude === undefined || value.longitude === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["googleMapsUrl"],
        message: "Give a map link or the coordinates",
      });
    }
    if ((value.latitude === undefined) !== (value.longitude === undefined)) {
      ctx.addIssue({ code: "custom", path: ["longitude"], message: "Give both latitude and longitude" });
    }
    if (!value.contactEmail && !value.contactPhone) {
      ctx.addIssue({
        code: "custom",
        path: ["contactEmail"],
        message: "Give a contact email or phone for the setup link",
      });
    }
  });
export type CreateCompanyRequest = z.input<typeof createCompanyRequest>;

/** PUT /api/admin/companies/:id/plan: an admin corrects a plan and paid-until date by hand (payments set them normally). */
export const setCompanyPlanRequest = z.object({
  plan: z.enum(planIds, { error: "Choose a plan" }),
  paidUntil: z.iso.datetime({ offset: true, error: "Paid-until must be a date and time" }).nullable(),
});

/** POST /api/companies/setup (spec section 5 messages). */
export const companySetupRequest = z.object({
  token: z.string({ error: "Setup token is required" }).trim().min(1, "Setup token is required").max(200),
  username: usernameSchema,
  newPassword: z
    .string({ error: "Password must be at least 6 characters" })
    .min(6, "Password must be at least 6 characters")
    .max(128, "Password must be at most 128 characters"),
});

/** POST /api/companies/setup/resend. */
export const resendSetupRequest = z
  .object({
    companyId: idSchema.optional(),
    contactEmail: optionalEmail,
    contactPhone: optionalPhone,
  })
  .refine((v) => v.companyId !== undefined || v.contactEmail || v.contactPhone, {
    message: "Either companyId, contactEmail, or contactPhone is required",
    path: ["companyId"],
  });

/** POST /api/companies/login (spec section 5 messages). */
export const companyLoginRequest = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(60),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});

export const companyOtpRequest = z.object({ code: otpSchema });

/** POST /api/companies/send-login-link: a one-time sign-in link to the business's email (else phone). */
export const companySignInLinkRequest = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(60),
});

/** POST /api/companies/login/link: the token from a business sign-in link. */
export const companyLinkLoginRequest = z.object({
  token: z.string({ error: "Sign-in link is invalid" }).min(10, "Sign-in link is invalid").max(200),
});

export const companySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  logo: z.string().nullable(),
  plan: z.enum(planIds),
});
export type CompanySummary = z.infer<typeof companySummary>;

export const companyLoginResponse = z.object({
  success: z.literal(true),
  requiresOtp: z.boolean(),
  message: z.string(),
  company: companySummary.nullable(),
});
export type CompanyLoginResponse = z.infer<typeof companyLoginResponse>;

export const planStatus = z.object({
  plan: z.enum(planIds),
  paidUntil: z.string().nullable(),
  isCurrent: z.boolean(),
  maxAds: z.number().int(),
  adsUsed: z.number().int(),
  /** Ads showing now (not paused): at most maxAds once a plan has shrunk. */
  adsLive: z.number().int(),
  /** A renewal or downgrade already paid for, starting when the current period ends. */
  nextPlan: z.object({ plan: z.enum(planIds), startsAt: z.string() }).nullable(),
  allowsVideo: z.boolean(),
  maxAdDurationSeconds: z.number().int(),
  pricePesewas: z.number().int(),
  features: z.array(z.string()),
});
export type PlanStatus = z.infer<typeof planStatus>;

/** The owner's view of the company (never hashes or tokens). */
export const companyProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  category: z.string(),
  subcategory: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  googleMapsUrl: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  businessHours: z.string().nullable(),
  searchTags: z.array(z.string()),
  logo: z.string().nullable(),
  storefrontImage: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  otpEnabled: z.boolean(),
  status: z.string(),
  lastLoginAt: z.string().nullable(),
  plan: planStatus,
});
export type CompanyProfile = z.infer<typeof companyProfile>;

/** An optional field that an empty value clears: undefined keeps it, null (or "") removes it. */
function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" ? null : v), schema.nullable().optional());
}

/** PATCH /api/companies/:id/profile: fields left out stay as they are; emptied fields are cleared. */
export const updateCompanyProfileRequest = z.object({
  address: clearable(z.string().trim().max(200, "Address must be at most 200 characters")),
  googleMapsUrl: clearable(
    z.url({ protocol: /^https?$/, error: "Map link must be a web address (https://…)" }).max(500),
  ),
  phone: clearable(ghanaPhoneSchema),
  businessHours: clearable(z.string().trim().max(120, "Business hours must be at most 120 characters")),
  searchTags: z
    .array(z.string().trim().min(1, "A tag cannot be empty").max(30, "A tag must be at most 30 characters"))
    .max(15, "At most 15 search tags")
    .optional(),
  otpEnabled: z.boolean().optional(),
});

/** Counter staff: a name and a 4- to 6-digit PIN. */
export const createStaffRequest = z.object({
  name: requiredText("Staff name", 60),
  pin: z.string({ error: "PIN must be 4 to 6 digits" }).regex(/^\d{4,6}$/, "PIN must be 4 to 6 digits"),
});
export const staffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** The 6-digit code this person types on a customer's phone to confirm a redemption (not the PIN). */
  staffCode: z.string(),
  /** Set while 5 wrong PINs keep this person out (15 minutes); the owner can unlock. */
  lockedUntil: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;
