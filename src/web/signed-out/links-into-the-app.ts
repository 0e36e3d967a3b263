import { isPagePath } from "../../shared/app-paths";
import { prerenderedPageAt } from "../../shared/prerendered-pages";

/**
 * Whether a link on a signed-out page leads into the app (Sign in, Register, Watch, a draw's page): a
 * page of this site that the app renders, not another pre-rendered page, which carries its own HTML.
 */
export function leadsIntoTheApp(href: string, here: string): boolean {
  let url: URL;
  try {
    url = new URL(href, here);
  } catch {
    return false;
  }
  if (url.origin !== new URL(here).origin) return false;
  return isPagePath(url.pathname) && !prerenderedPageAt(url.pathname);
}
