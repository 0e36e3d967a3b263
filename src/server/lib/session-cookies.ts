/**
 * Two sessions can live side by side on one phone: a member's and a business's (the shop owner may also
 * be a customer), each in its own cookie.
 */
export type SessionAudience = "member" | "business";
export const sessionCookieNames: Record<SessionAudience, string> = {
  member: "anigye_sid",
  business: "anigye_biz",
};
/** The member session cookie (kept for callers that only deal with members). */
export const sessionCookieName = sessionCookieNames.member;
