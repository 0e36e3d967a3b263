import type { FastifyInstance, RouteOptions } from "fastify";
import { sessionCookieNames } from "../lib/session-cookies";

/**
 * Who may call a route is written on the route: `config: { access: "member" }` beside its schema. The
 * guard (auth's `guardDeclaredAccess`) lets in only those callers before the body is read, and the API
 * document's security entries come from the same word. Handlers still check what depends on the data
 * (which company, whose payment). A route under /api or /auth that declares nothing stops the server at
 * start, with a message naming it.
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
  ussdCallbackToken: {
    type: "apiKey",
    in: "query",
    name: "token",
    description:
      "USSD_CALLBACK_TOKEN, in the callback URL registered at the USSD provider (Hubtel, Africa's Talking); " +
      "without it the USSD routes answer 404.",
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

/** Each kind of caller a route can admit, as the API document states it. */
export const accessLevels = {
  /** No session needed (sign-in, public figures, webhooks that prove themselves another way). */
  anyone: [],
  /** Open to all; a signed-in member gets their own view. */
  signedOutOrMember: [{}, { memberSession: [] }],
  /** Open to all; a signed-in business gets its own view. */
  signedOutOrBusiness: [{}, { businessSession: [] }],
  /** A signed-in member (platform staff and admins are members too). */
  member: [{ memberSession: [] }],
  /** Platform staff or an admin. */
  staff: [{ memberSession: ["staff"] }],
  /** A platform admin; every route under /api/admin declares it. */
  admin: [{ memberSession: ["admin"] }],
  /** A business session at the counter: its owner or a counter staff member. */
  counter: [{ businessSession: [] }],
  /** The business's own owner only (the handler checks which business): spending its money. */
  businessOwner: [{ businessSession: [] }],
  /** The business's owner (the handler checks which business) or a platform admin. */
  ownerOrAdmin: [{ businessSession: [] }, { memberSession: ["admin"] }],
  /** A member paying for Anigye+ or a business's owner paying for its plan. */
  payer: [{ memberSession: [] }, { businessSession: [] }],
  /** A USSD provider calling back with the secret token in its URL (checked by the route). */
  ussdProvider: [{ ussdCallbackToken: [] }],
  /** The metrics scraper's bearer token (checked by the route). */
  metricsToken: [{ metricsToken: [] }],
} satisfies Record<string, SecurityRequirements>;

export type Access = keyof typeof accessLevels;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route (see route-access.ts). */
    access?: Access;
  }
}

const adminScope = /^\/api\/admin(\/|$)/;
// The API reference's own pages (Swagger UI, under /api/docs) are public and declared by their plugin.
const declaresAccess = /^\/(api|auth)\/(?!docs(\/|$))|^\/metrics$/;

/** The route's callers, or why the server refuses to start with it. */
export function accessOf(route: Pick<RouteOptions, "method" | "url" | "config">): Access | undefined {
  const access = route.config?.access;
  const name = `${[route.method].flat().join(",")} ${route.url}`;
  if (!access && declaresAccess.test(route.url)) {
    throw new Error(
      `${name} declares no access: add config: { access: "…" } (src/server/plugins/route-access.ts)`,
    );
  }
  if (adminScope.test(route.url) && access !== "admin") {
    throw new Error(`${name} is under /api/admin, so its access must be "admin", not "${access}"`);
  }
  return access;
}

/** Checks every route's declaration as it is registered. Call before the routes are registered. */
export function requireDeclaredAccess(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    accessOf(route);
  });
}
