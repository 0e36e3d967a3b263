import { parsePlainId } from "../../shared/plain-id";
import { paths } from "../app/paths";

/**
 * A shop's printed poster holds a web address, `<origin>/qr-scanner?shop=<companyId>`: a phone's own
 * camera app opens the business page from it, and the in-app scanner reads the id back out. The owner's
 * dashboard draws it, the consumer's scanner reads it, so both halves live here.
 */
export function shopPosterUrl(origin: string, companyId: number): string {
  return `${origin}${paths.qrScanner}?shop=${companyId}`;
}

/**
 * The company id in a scanned poster address, or null when the text is something else. Any origin is
 * accepted: a poster printed from the live site still opens the shop on a test or staging copy.
 */
export function shopIdFromPoster(text: string): number | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.pathname.replace(/\/+$/, "") !== paths.qrScanner) return null;
  return parsePlainId(url.searchParams.get("shop") ?? undefined);
}
