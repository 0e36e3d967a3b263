import { z } from "zod";
import { categories, cities, isSubcategoryOf } from "../categories";
import { planIds } from "../plans";
import { ghanaPhoneSchema, otpSchema, usernameSchema } from "./auth";
import { requiredText } from "./common";
import { idSchema } from "./ids";

const contactEmail = z
  .string()
  .trim()
  .pipe(z.email("Enter a valid contact email"))
  .transform((e) => e.toLowerCase());
const optionalEmail = z.preprocess((v) => (v === "" || v === null ? undefined : v), contactEmail.optional());
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

/** Why an admin did something to a business: kept in the audit log with the change. */
export const adminReason = z
  .string({ error: "Give a reason" })
  .trim()
  .min(3, "Give a reason of at least 3 characters")
  .max(500, "Keep the reason to 500 characters");

/**
 * PUT /api/admin/companies/:id/plan: an admin corrects a plan and paid-until date by hand (payments set
 * them normally), saying why.
 */
export const setCompanyPlanRequest = z.object({
  plan: z.enum(planIds, { error: "Choose a plan" }),
  paidUntil: z.iso.datetime({ offset: true, error: "Paid-until must be a date and time" }).nullable(),
  reason: adminReason,
});

/** POST /api/companies/setup, each refusal naming its field as the setup form shows it. */
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

/** POST /api/companies/login, each refusal naming its field as the sign-in form shows it. */
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

/** A branch of the business, or null for none (the business's only branch, or no branch, is then recorded). */
const staffBranchId = z
  .number({ error: "Choose one of your branches" })
  .int("Choose one of your branches")
  .positive("Choose one of your branches")
  .nullable();

/** Counter staff: a name, a 4- to 6-digit PIN and, optionally, the branch they work at. */
export const createStaffRequest = z.object({
  name: requiredText("Staff name", 60),
  pin: z.string({ error: "PIN must be 4 to 6 digits" }).regex(/^\d{4,6}$/, "PIN must be 4 to 6 digits"),
  branchId: staffBranchId.optional(),
});
export type CreateStaffRequest = z.infer<typeof createStaffRequest>;

/** PATCH a staff member: the branch they work at (null: none). */
export const updateStaffRequest = z.object({ branchId: staffBranchId });
export const staffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** The 6-digit code this person types on a customer's phone to confirm a redemption (not the PIN). */
  staffCode: z.string(),
  /** Set while wrong PINs keep this name closed to new phones (15 minutes); the owner can unlock. */
  lockedUntil: z.string().nullable(),
  /** The branch they work at; their counter work is recorded there. Null: none chosen. */
  branchId: z.number().int().nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;

// --- Admin: the businesses list and one business in full ------------------------------------------

/** The statuses an admin filters by and sets (a closed business is gone from the list). */
export const adminCompanyStatuses = ["active", "suspended"] as const;
export type AdminCompanyStatus = (typeof adminCompanyStatuses)[number];

export const adminCompaniesPageSize = 25;

const blankAsMissing = (v: unknown) => (v === "" || v === null ? undefined : v);

/** GET /api/admin/companies?q=&status=&plan=&page= : newest first, 25 a page; the total is in X-Total-Count. */
export const adminCompaniesQuery = z.object({
  /** Part of the name, the username or the contact email. */
  q: z.preprocess(
    blankAsMissing,
    z.string().trim().max(100, "Search with at most 100 characters").optional(),
  ),
  status: z.preprocess(
    blankAsMissing,
    z.enum(adminCompanyStatuses, { error: "Choose active or suspended" }).optional(),
  ),
  plan: z.preprocess(blankAsMissing, z.enum(planIds, { error: "Choose a plan" }).optional()),
  page: z.coerce
    .number({ error: "The page must be a number" })
    .int("The page must be a whole number")
    .min(1, "Pages start at 1")
    .max(100_000, "No such page")
    .default(1),
});

const createFields = createCompanyRequest.shape;

/**
 * PATCH /api/admin/companies/:id: an admin corrects a business's details with the registration form's
 * rules. Fields left out stay as they are; an emptied contact is removed (one of the two must remain).
 */
export const adminUpdateCompanyRequest = z
  .object({
    name: createFields.name.optional(),
    category: createFields.category.optional(),
    subcategory: createFields.subcategory.optional(),
    city: createFields.city.optional(),
    address: createFields.address.optional(),
    contactEmail: clearable(contactEmail),
    contactPhone: clearable(ghanaPhoneSchema),
  })
  .superRefine((value, ctx) => {
    if (value.category === undefined) return;
    if (value.subcategory === undefined || !isSubcategoryOf(value.category, value.subcategory)) {
      ctx.addIssue({
        code: "custom",
        path: ["subcategory"],
        message: `Choose a subcategory of ${value.category}`,
      });
    }
  });
export type AdminUpdateCompanyRequest = z.input<typeof adminUpdateCompanyRequest>;

/** POST /api/admin/companies/:id/status: suspend (signs the business out, hides its ads) or reactivate. */
export const companyStatusRequest = z.object({
  status: z.enum(adminCompanyStatuses, { error: "Choose active or suspended" }),
  reason: adminReason,
});
export type CompanyStatusRequest = z.input<typeof companyStatusRequest>;

export const adminCompanyPayment = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** pending, succeeded, failed, rejected or flagged. */
  status: z.string(),
  /** Pesewas. */
  amount: z.number().int(),
  method: z.string().nullable(),
  plan: z.enum(planIds).nullable(),
  createdAt: z.string(),
  /** When it left pending. */
  processedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AdminCompanyPayment = z.infer<typeof adminCompanyPayment>;

export const adminCompanyAd = z.object({
  id: z.number().int(),
  title: z.string(),
  adType: z.enum(["image", "video"]),
  status: z.enum(["active", "paused", "expired"]),
  /** Paused because the plan shrank or lapsed, not by the owner. */
  pausedByPlan: z.boolean(),
  viewCount: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type AdminCompanyAd = z.infer<typeof adminCompanyAd>;

export const adminCompanyScan = z.object({
  id: z.number().int(),
  /** stamp, redeem, lookup or points. */
  action: z.string(),
  accepted: z.boolean(),
  message: z.string(),
  /** The staff member, or "Owner" for the owner's own device. */
  staffName: z.string(),
  points: z.number().int().nullable(),
  isSuspicious: z.boolean(),
  scannedAt: z.string(),
});
export type AdminCompanyScan = z.infer<typeof adminCompanyScan>;

/** GET /api/admin/companies/:id: the business in full, for the admin's details panel. */
export const adminCompanyDetail = companyProfile.extend({
  createdAt: z.string(),
  /** The billing state: pending, paid, overdue… */
  paymentStatus: z.string(),
  setup: z.object({
    /** The owner chose a username and password from the setup link. */
    finished: z.boolean(),
    /** While not finished: when the last link sent stops working (null if none is waiting). */
    linkExpiresAt: z.string().nullable(),
  }),
  /** The last suspension or reactivation, from the audit log. */
  lastStatusChange: z
    .object({ status: z.string(), reason: z.string().nullable(), by: z.string(), at: z.string() })
    .nullable(),
  /** The 10 newest payments. */
  payments: z.array(adminCompanyPayment),
  ads: z.object({
    /** Ads not deleted, by status. */
    counts: z.object({
      total: z.number().int(),
      active: z.number().int(),
      paused: z.number().int(),
      expired: z.number().int(),
    }),
    /** The 10 newest. */
    newest: z.array(adminCompanyAd),
  }),
  /** Counter staff, active first (their redemption codes are the owner's business). */
  staff: z.array(staffMember.omit({ staffCode: true })),
  scans: z.object({
    last30Days: z.object({
      total: z.number().int(),
      accepted: z.number().int(),
      suspicious: z.number().int(),
    }),
    /** The 10 newest. */
    recent: z.array(adminCompanyScan),
  }),
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetail>;
