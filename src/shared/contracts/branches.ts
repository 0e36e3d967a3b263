import { z } from "zod";
import { ghanaPhoneSchema } from "./auth";
import { requiredText } from "./common";

/** A branch's name, e.g. "Osu" or "Kejetia Market". */
export const branchNameMaxLength = 80;

const latitude = z
  .number({ error: "Latitude must be a number" })
  .min(-90, "Latitude must be between -90 and 90")
  .max(90, "Latitude must be between -90 and 90");
const longitude = z
  .number({ error: "Longitude must be a number" })
  .min(-180, "Longitude must be between -180 and 180")
  .max(180, "Longitude must be between -180 and 180");
const businessHours = z.preprocess(
  (v) => (v === "" ? null : v),
  z
    .string({ error: "Business hours must be text" })
    .trim()
    .max(120, "Business hours must be at most 120 characters")
    .nullable()
    .optional(),
);

const branchFields = {
  name: requiredText("Branch name", branchNameMaxLength),
  address: requiredText("Address", 200),
  latitude,
  longitude,
  phone: ghanaPhoneSchema,
  businessHours,
};

/** POST /api/companies/:id/branches: a new branch, where it is and how to reach it. */
export const createBranchRequest = z.object(branchFields);
export type CreateBranchRequest = z.input<typeof createBranchRequest>;

/** PATCH /api/companies/:id/branches/:branchId: fields left out stay; empty business hours are cleared. */
export const updateBranchRequest = z
  .object({
    name: branchFields.name.optional(),
    address: branchFields.address.optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    phone: ghanaPhoneSchema.optional(),
    businessHours,
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "Change at least one field",
  });

export const branch = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Branches made from a business's first location before branches existed may lack these. */
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  businessHours: z.string().nullable(),
  /** Google Maps directions to the pin (else to the address); null without either. */
  directionsUrl: z.string().nullable(),
});
export type Branch = z.infer<typeof branch>;

/** GET /api/companies/:id/branches: the live branches, oldest first, and how many the plan allows. */
export const branchesResponse = z.object({
  branches: z.array(branch),
  /** The plan's branch limit; null when it has none. */
  limit: z.number().int().nullable(),
});
export type BranchesResponse = z.infer<typeof branchesResponse>;
