import { paths } from "../app/paths";

/**
 * Where a signed-out visitor was going when a signed-in page sent them to sign in (a friend's shared ad,
 * say), kept for this tab so password and Google sign-in can both take them back there.
 */
const storageKey = "anigye.returnTo";

/** Only a path inside the app: never another site ("//evil", "https:"), never the sign-in pages themselves. */
function isSafeReturnPath(path: string): boolean {
  return (
    path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") && !path.startsWith(paths.login)
  );
}

export function rememberReturnTo(path: string): void {
  if (!isSafeReturnPath(path)) return;
  try {
    sessionStorage.setItem(storageKey, path);
  } catch {
    // Private mode without storage: sign-in still works, it just lands on the default page.
  }
}

/** The remembered path, once (it is forgotten as it is read). */
export function takeReturnTo(): string | null {
  try {
    const path = sessionStorage.getItem(storageKey);
    sessionStorage.removeItem(storageKey);
    return path && isSafeReturnPath(path) ? path : null;
  } catch {
    return null;
  }
}

/** Whether a signed-in page is waiting (without forgetting it), e.g. to word the sign-in page. */
export function peekReturnTo(): string | null {
  try {
    return sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
}
