import type { z } from "zod";
import { brand } from "../../../shared/brand";
import type { comingSoonBusinessRequest, comingSoonUserRequest } from "../../../shared/contracts/coming-soon";
import type { Executor } from "../../db/client";
import { earlyAccessSignups, merchantInterestSignups } from "../../db/schema/coming-soon";

type UserSignup = z.output<typeof comingSoonUserRequest>;
type BusinessSignup = z.output<typeof comingSoonBusinessRequest>;

export interface SignupOutcome {
  success: true;
  alreadyRegistered: boolean;
  message: string;
}

/**
 * The member signup, written where the admin lists, exports and invites it. One insert that does nothing
 * on a duplicate email, so a second signup (or two at once) never half-writes and never errors: the
 * person is simply told they are already on the list.
 */
export async function registerEarlyAccessMember(db: Executor, signup: UserSignup): Promise<SignupOutcome> {
  const inserted = await db
    .insert(earlyAccessSignups)
    .values({
      name: signup.name,
      email: signup.email,
      phone: signup.phone,
      city: signup.location,
      age: signup.age,
      gender: signup.gender,
    })
    .onConflictDoNothing()
    .returning({ id: earlyAccessSignups.id });
  return inserted.length > 0
    ? { success: true, alreadyRegistered: false, message: `We'll notify you when ${brand.name} launches!` }
    : {
        success: true,
        alreadyRegistered: true,
        message: `This email is already on the list. We'll notify you when ${brand.name} launches!`,
      };
}

/** The business signup, written where the admin lists, exports and invites it; duplicates as above. */
export async function registerMerchantInterest(db: Executor, signup: BusinessSignup): Promise<SignupOutcome> {
  const inserted = await db
    .insert(merchantInterestSignups)
    .values({
      name: signup.contactName,
      email: signup.email,
      phone: signup.phone,
      company: signup.businessName,
      businessType: signup.category,
      location: signup.location,
      businessSize: signup.businessSize,
      currentMarketing: signup.currentAdvertising.length > 0 ? signup.currentAdvertising.join("; ") : null,
      expectedSpend: signup.monthlyAdBudget,
      targetAudience: signup.targetAudience,
      goals: signup.businessGoals,
      urgency: signup.launchTimeframe,
    })
    .onConflictDoNothing()
    .returning({ id: merchantInterestSignups.id });
  return inserted.length > 0
    ? { success: true, alreadyRegistered: false, message: "We'll contact you with early access details!" }
    : {
        success: true,
        alreadyRegistered: true,
        message: "This business email is already registered. We'll contact you with early access details!",
      };
}
