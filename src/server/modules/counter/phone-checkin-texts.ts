import { brand } from "../../../shared/brand";
import type { PhoneCheckinRequest } from "../../../shared/contracts/counter";
import type { Language } from "../../../shared/i18n/languages";
import type { AppDeps } from "../../app-deps";
import type { PhoneCheckin } from "../../db/schema/counter";
import { smsText } from "../../lib/i18n";
import type { CounterActorRecord } from "../companies";

/** The texts a phone check-in sends: the code, and the invitation to join for what is held. */

/** The code's SMS, in the language the counter works in (the customer is standing at it). */
export function codeText(language: Language, shop: string, code: string, input: PhoneCheckinRequest): string {
  const points = input.action === "points" ? (input.points ?? 0) : 0;
  return smsText(language, "sms.counter_code", { shop, brand: brand.name, code, points: String(points) });
}

export function inviteText(
  deps: AppDeps,
  language: Language,
  actor: CounterActorRecord,
  checkin: PhoneCheckin,
  inviteToken: string,
): string {
  // The number fills in the form; the token lets the page say what is held (phone-invite.read-model.ts).
  const link = `${deps.config.appUrl}/register?phone=${encodeURIComponent(checkin.phoneNumber)}&invite=${inviteToken}`;
  const points = checkin.action === "points" ? (checkin.points ?? 0) : 0;
  return smsText(language, "sms.counter_invite", {
    shop: actor.companyName,
    brand: brand.name,
    points: String(points),
    link,
  });
}
