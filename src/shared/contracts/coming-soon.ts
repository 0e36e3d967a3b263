import { z } from "zod";
import {
  adBudgetOptions,
  advertisingMethodOptions,
  ageOptions,
  businessCategoryOptions,
  businessSizeOptions,
  genderOptions,
  launchTimeframeOptions,
} from "./coming-soon-options";
import { optionalChoice, optionalText, requiredEmail, requiredGhanaPhone, requiredText } from "./common";

/**
 * POST /api/coming-soon/users: name, email and phone are required (docs/product-rules.md#early-access-phone).
 */
export const comingSoonUserRequest = z.object({
  name: requiredText("Name", 100),
  email: requiredEmail("Email"),
  phone: requiredGhanaPhone("Phone"),
  location: optionalText("Location", 100),
  age: optionalChoice("Age range", ageOptions),
  gender: optionalChoice("Gender", genderOptions),
});
export type ComingSoonUserRequest = z.input<typeof comingSoonUserRequest>;

/** POST /api/coming-soon/businesses: businessName, contactName, email and phone are required. */
export const comingSoonBusinessRequest = z.object({
  businessName: requiredText("Business name", 150),
  contactName: requiredText("Contact name", 100),
  email: requiredEmail("Email"),
  phone: requiredGhanaPhone("Phone"),
  category: optionalChoice("Business category", businessCategoryOptions),
  location: optionalText("Location", 150),
  businessSize: optionalChoice("Business size", businessSizeOptions),
  currentAdvertising: z
    .array(z.enum(advertisingMethodOptions, { error: "Choose valid advertising methods" }), {
      error: "Current advertising must be a list",
    })
    .max(advertisingMethodOptions.length)
    .optional()
    .transform((methods) => [...new Set(methods ?? [])]),
  monthlyAdBudget: optionalChoice("Monthly ad budget", adBudgetOptions),
  targetAudience: optionalText("Target audience", 500),
  businessGoals: optionalText("Business goals", 1000),
  launchTimeframe: optionalChoice("Launch timeframe", launchTimeframeOptions),
});
export type ComingSoonBusinessRequest = z.input<typeof comingSoonBusinessRequest>;

export const comingSoonResponse = z.object({
  success: z.literal(true),
  alreadyRegistered: z.boolean(),
  message: z.string(),
});
export type ComingSoonResponse = z.infer<typeof comingSoonResponse>;
