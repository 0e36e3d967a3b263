import { sessionCookieNames } from "../lib/session-cookies";

/**
 * Who may call what, as the API document declares it. The routes check access inside their handlers
 * (requireUser, requireCompanyAccess, the counter's actor, the admin scope's guard), so nothing on a route
 * says which session it reads; this table says it once, and `openapi-access.test.ts` calls every
 * operation without a session to hold the table to what the routes do.
 */
export const securitySchemes = {
  memberSession: {
    type: "apiKey",
    in: "cookie",
    name: sessionCookieNames.member,
    description:
      "A member's session, set by `POST /api/auth/login` (or register, a sign-in link, Google). Platform " +
      "staff and admins are members with a role; an operation that needs one lists it (`staff` admits admins too).",
  },
  businessSession: {
    type: "apiKey",
    in: "cookie",
    name: sessionCookieNames.business,
    description:
      "A business's session: its owner's (`POST /api/companies/login`) or a counter staff member's " +
      "(`POST /api/merchant/login`).",
  },
  metricsToken: {
    type: "http",
    scheme: "bearer",
    description: "METRICS_TOKEN, when the server sets one; without it /metrics is open.",
  },
} as const;

type SchemeName = keyof typeof securitySchemes;
/** OpenAPI security requirements: any one entry admits the call; `{}` admits a caller with no session. */
export type SecurityRequirements = Partial<Record<SchemeName, string[]>>[];

const anyone: SecurityRequirements = [];
const signedOutOrMember: SecurityRequirements = [{}, { memberSession: [] }];
const signedOutOrBusiness: SecurityRequirements = [{}, { businessSession: [] }];
const member: SecurityRequirements = [{ memberSession: [] }];
const platformStaff: SecurityRequirements = [{ memberSession: ["staff"] }];
const admin: SecurityRequirements = [{ memberSession: ["admin"] }];
const counter: SecurityRequirements = [{ businessSession: [] }];
const ownerOrAdmin: SecurityRequirements = [{ businessSession: [] }, { memberSession: ["admin"] }];
const payer: SecurityRequirements = [{ memberSession: [] }, { businessSession: [] }];

/** Operations that are not "a member's own", by "METHOD /path" as the document writes them. */
const exceptions: Record<string, SecurityRequirements> = {
  "GET /api/health": anyone,
  "GET /api/health/ready": anyone,
  "GET /api/stats/public": anyone,
  "GET /api/companies/carousel": anyone,
  "POST /api/coming-soon/users": anyone,
  "POST /api/coming-soon/businesses": anyone,
  "GET /api/auth/providers": anyone,
  "POST /api/auth/register": anyone,
  "POST /api/auth/login": anyone,
  "POST /api/auth/login/link": anyone,
  "POST /api/auth/send-email-link": anyone,
  "POST /api/auth/forgot-password": anyone,
  "POST /api/auth/reset-password": anyone,
  "GET /auth/google": anyone,
  "GET /auth/google/callback": anyone,
  "POST /api/companies/setup": anyone,
  "POST /api/companies/setup/resend": anyone,
  "POST /api/companies/login": anyone,
  "POST /api/companies/login/code": anyone,
  "POST /api/companies/send-login-link": anyone,
  "POST /api/companies/login/link": anyone,
  "POST /api/merchant/login": anyone,
  "GET /api/plans": anyone,
  // Paystack signs its calls (x-paystack-signature over the body); no session is involved.
  "POST /api/payments/paystack/webhook": anyone,
  "GET /api/draws": anyone,
  "GET /api/leaderboards": anyone,
  // Development only, and only to a caller on the same machine.
  "GET /api/dev/outbox": anyone,
  "GET /metrics": [{ metricsToken: [] }],

  "POST /api/auth/logout": signedOutOrMember,
  "POST /api/auth/verify-email": signedOutOrMember,
  // Signed out for a password reset's code; a member's own session for a phone to verify.
  "POST /api/auth/send-phone-otp": signedOutOrMember,
  "GET /api/competitions": signedOutOrMember,
  "GET /api/draws/{id}": signedOutOrMember,
  "GET /api/draws/{id}/record": signedOutOrMember,
  "GET /api/competitions/{id}": signedOutOrMember,
  "GET /api/competitions/{id}/record": signedOutOrMember,
  "GET /api/loyalty/places/{companyId}": signedOutOrMember,
  "GET /api/companies/{companyId}/public": signedOutOrMember,
  // A shop's invite link, opened before the person has an account (by its token alone).
  "GET /api/phone-invites/{token}": anyone,
  "GET /api/companies/{companyId}/reviews": signedOutOrMember,
  "POST /api/companies/{companyId}/reviews": member,

  "POST /api/companies/logout": signedOutOrBusiness,
  "GET /api/companies/me": signedOutOrBusiness,
  "POST /api/merchant/logout": signedOutOrBusiness,
  "GET /api/merchant/me": signedOutOrBusiness,

  // A member pays for Anigye+, a business's owner for its plan; an admin may read any payment.
  "POST /api/payments": payer,
  "GET /api/payments/{id}": payer,
  "POST /api/payments/{id}/proof": payer,
  "POST /api/payments/{id}/otp": payer,
};

/** Whole areas, first match wins; anything else is the signed-in member's own. */
const areas: [RegExp, SecurityRequirements][] = [
  // The admin scope's guard (auth's guardAdminScope) answers every route under /api/admin.
  [/^\/api\/admin(\/|$)/, admin],
  [/^\/api\/staff\//, platformStaff],
  [/^\/api\/merchant\//, counter],
  [/^\/api\/companies\/\{companyId\}(\/|$)/, ownerOrAdmin],
];

/** The security requirements of one operation, by its method and its path as the document writes it. */
export function securityOf(method: string, path: string): SecurityRequirements {
  const listed = exceptions[`${method.toUpperCase()} ${path}`];
  if (listed) return listed;
  return areas.find(([area]) => area.test(path))?.[1] ?? member;
}
