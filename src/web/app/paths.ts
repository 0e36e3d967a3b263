import { paths } from "../../shared/app-paths";

/** One route table (shared with the server, which answers 404 for a page path not in it). */
export { paths };

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
