/** One route table: every path is named once; links use these names. */
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

/** A business's public page: details, loyalty card, offers and verified reviews. */
export function placePath(companyId: number): string {
  return `/places/${companyId}`;
}

export function mobileWatchPath(adId: number): string {
  return `${paths.mobileWatch}?ad=${adId}`;
}

export function companyDashboardPath(companyId: number): string {
  return `/company-dashboard/${companyId}`;
}

/** The business's analytics; the id lets a platform admin open any business's numbers. */
export function analyticsPath(companyId: number): string {
  return `${paths.analytics}?company=${companyId}`;
}

export function subscriptionDetailsPath(companyId: number): string {
  return `/subscription-details/${companyId}`;
}

/** A payment's receipt (and, while it is pending, what the payer still has to do). */
export function paymentReceiptPath(paymentId: number): string {
  return `/payments/${paymentId}`;
}

/** A monthly draw's or a competition's public page (its result, re-checked in the browser). */
export function drawPath(kind: "monthly" | "competition", drawId: number): string {
  return kind === "competition" ? `/competitions/${drawId}` : `/draws/${drawId}`;
}
