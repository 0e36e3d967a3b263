import type { z } from "zod";
import { brand } from "../../../shared/brand";
import type { comingSoonBusinessRequest, comingSoonUserRequest } from "../../../shared/contracts/coming-soon";
import { hasLaunched } from "../../../shared/launch";
import type { Executor } from "../../db/client";
import { earlyAccessSignups, merchantInterestSignups } from "../../db/schema/coming-soon";
import type { Saying } from "../../lib/i18n";

type UserSignup = z.output<typeof comingSoonUserRequest>;
type BusinessSignup = z.output<typeof comingSoonBusinessRequest>;

export interface SignupOutcome {
  success: true;
  alreadyRegistered: boolean;
  message: string;
}

/** A member signup's answer, said unfilled so the route says it in the member's language. */
export interface MemberSignupOutcome {
  alreadyRegistered: boolean;
  saying: Saying;
}

/**
 * Before the launch day the member is told they will hear when it launches; from the launch day (in
 * Accra) that would be untrue, so they are invited to create their account instead.
 */
function memberSignupSaying(alreadyRegistered: boolean, now: Date): Saying {
  const values = { brand: brand.name };
  if (hasLaunched(now)) {
    return alreadyRegistered
      ? {
          message:
            "This email is already on the list. {brand} has launched: create your account to start collecting rewards.",
          values,
        }
      : {
          message:
            "You're on the list! {brand} has launched: create your account to start collecting rewards.",
          values,
        };
  }
  return alreadyRegistered
    ? { message: "This email is already on the list. We'll notify you when {brand} launches!", values }
    : { message: "We'll notify you when {brand} launches!", values };
}

/**
 * The member signup, written where the admin lists, exports and invites it. One insert that does nothing
 * on a duplicate email, so a second signup (or two at once) never half-writes and never errors: the
 * person is simply told they are already on the list.
 */
export async function registerEarlyAccessMember(
  db: Executor,
  signup: UserSignup,
  now: Date,
): Promise<MemberSignupOutcome> {
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
  const alreadyRegistered = inserted.length === 0;
  return { alreadyRegistered, saying: memberSignupSaying(alreadyRegistered, now) };
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
