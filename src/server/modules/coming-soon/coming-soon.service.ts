import type { z } from "zod";
import { brand } from "../../../shared/brand";
import type { comingSoonBusinessRequest, comingSoonUserRequest } from "../../../shared/contracts/coming-soon";
import type { Executor } from "../../db/client";
import { prelaunchBusinesses, prelaunchUsers } from "../../db/schema/coming-soon";

type UserSignup = z.output<typeof comingSoonUserRequest>;
type BusinessSignup = z.output<typeof comingSoonBusinessRequest>;

export interface SignupOutcome {
  success: true;
  alreadyRegistered: boolean;
  message: string;
}

/**
 * One insert that does nothing on a duplicate email, so a second signup (or two at once) never
 * half-writes and never errors: the person is simply told they are already on the list.
 */
export async function registerPrelaunchUser(db: Executor, signup: UserSignup): Promise<SignupOutcome> {
  const inserted = await db
    .insert(prelaunchUsers)
    .values({
      name: signup.name,
      email: signup.email,
      phoneNumber: signup.phone,
      city: signup.location,
      ageRange: signup.age,
      gender: signup.gender,
    })
    .onConflictDoNothing()
    .returning({ id: prelaunchUsers.id });
  return inserted.length > 0
    ? { success: true, alreadyRegistered: false, message: `We'll notify you when ${brand.name} launches!` }
    : {
        success: true,
        alreadyRegistered: true,
        message: `This email is already on the list. We'll notify you when ${brand.name} launches!`,
      };
}

export async function registerPrelaunchBusiness(
  db: Executor,
  signup: BusinessSignup,
): Promise<SignupOutcome> {
  const inserted = await db
    .insert(prelaunchBusinesses)
    .values({
      businessName: signup.businessName,
      contactName: signup.contactName,
      businessEmail: signup.email,
      businessPhone: signup.phone,
      businessCategory: signup.category,
      location: signup.location,
      businessSize: signup.businessSize,
      currentAdvertising: signup.currentAdvertising,
      monthlyAdBudget: signup.monthlyAdBudget,
      targetAudience: signup.targetAudience,
      businessGoals: signup.businessGoals,
      launchTimeframe: signup.launchTimeframe,
    })
    .onConflictDoNothing()
    .returning({ id: prelaunchBusinesses.id });
  return inserted.length > 0
    ? { success: true, alreadyRegistered: false, message: "We'll contact you with early access details!" }
    : {
        success: true,
        alreadyRegistered: true,
        message: "This business email is already registered. We'll contact you with early access details!",
      };
}
