import { paths } from "../../app/paths";

/** The pages a counter sign-in may return to: a counter session is good for nothing else. */
const counterPages: readonly string[] = [paths.merchant, paths.merchantScanner, paths.merchantDashboard];

/** The query parameter of `/merchant-login` that names the counter page a signed-out visit asked for. */
const nextParameter = "next";

/** The staff sign-in's address for a signed-out visit to `here` (a path with its query), which it returns to. */
export function counterSignInFor(here: string): string {
  return `${paths.merchantLogin}?${new URLSearchParams({ [nextParameter]: here })}`;
}

/**
 * Where the staff sign-in goes: the counter page its address asked for, when `next` names one of this
 * site's counter pages (with its query), else the counter's home. Never another site ("//evil.example",
 * "https://…", "/\\evil.example"), never another page: the address is anyone's to write
 * (docs/product-rules.md#counter-sign-in-returns).
 */
export function counterPageAfterSignIn(search: string, origin: string): string {
  const next = new URLSearchParams(search).get(nextParameter);
  if (!next?.startsWith("/")) return paths.merchant;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return paths.merchant;
  }
  if (url.origin !== origin || !counterPages.includes(url.pathname)) return paths.merchant;
  return url.pathname + url.search;
}
