/**
 * One route table: every page path of the web app is named once. The browser's router renders these
 * (`src/web/app/router.tsx`), links use the names, and the server answers a page path that isn't here
 * 404 (with the same app shell, whose router shows the not-found page).
 */
export const paths = {
  home: "/",
  watch: "/watch",
  moments: "/moments",
  rewards: "/rewards",
  rewardsTest: "/rewards-test",
  leaderboard: "/leaderboard",
  profile: "/profile",
  plus: "/anigye-plus",
  analytics: "/analytics",
  login: "/login",
  register: "/register",
  onboarding: "/onboarding",
  features: "/features",
  faq: "/faq",
  privacy: "/privacy",
  terms: "/terms",
  howItWorks: "/how-it-works",
  subscription: "/subscription",
  business: "/business",
  merchantPitch: "/merchant-pitch",
  earlyAccess: "/early-access",
  qrScanner: "/qr-scanner",
  loyaltyDashboard: "/loyalty-dashboard",
  merchant: "/merchant",
  merchantLogin: "/merchant-login",
  merchantDashboard: "/merchant-dashboard",
  merchantScanner: "/merchant-scanner",
  vendorScan: "/vendor-scan",
  comingSoon: "/coming-soon",
  admin: "/admin",
  adminOAuthConfig: "/admin/oauth-config",
  adminAntiCheat: "/admin-anti-cheat",
  adminUssd: "/admin/ussd",
  ussdSimulator: "/ussd",
  company: "/company",
  companyDashboard: "/company-dashboard/:id",
  subscriptionDetails: "/subscription-details/:id",
  payment: "/payments/:id",
  mobileWatch: "/mobile-watch",
  googleAuth: "/auth/google",
  place: "/places/:id",
  draw: "/draws/:id",
  competition: "/competitions/:id",
  notifications: "/notifications",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Paths in the list that the server answers itself (a link to one leaves the app): no page renders them. */
const serverAnsweredPaths: readonly AppPath[] = [paths.googleAuth];

/** The paths the browser's router has a page for. */
export const pagePaths: readonly AppPath[] = Object.values(paths).filter(
  (at) => !serverAnsweredPaths.includes(at),
);

/**
 * A path as the router matches it: `:id` is any one segment, a trailing slash is allowed and letters'
 * case doesn't matter (React Router's defaults).
 */
function patternOf(routePath: string): RegExp {
  const body = routePath
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(body ? `^/${body}/?$` : "^/$", "i");
}

const pagePatterns = pagePaths.map(patternOf);

/** Whether the browser's router shows a page of its own at this path (else its not-found page). */
export function isPagePath(urlPath: string): boolean {
  return pagePatterns.some((pattern) => pattern.test(urlPath));
}
