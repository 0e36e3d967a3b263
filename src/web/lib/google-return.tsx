import { useEffect } from "react";
import { brand } from "../../shared/brand";
import type { SessionUser } from "../../shared/contracts/session";
import { paths } from "../app/paths";
import { toast } from "../components/ui/use-toast";
import { apiJson } from "./api-client";
import { useAuth } from "./auth";
import { takeReturnTo } from "./return-to";

/** The welcome message announces a 100 XP sign-in bonus. */
export const signInBonusXp = 100;
export const googleSessionKey = "sessionId";
const reloadAfterMs = 2000;

let handled = false;

/**
 * The Google sign-in return: `/?auth=google&session=<value>` stores the value (key
 * sessionId), welcomes the user, removes the query string and reloads after 2000 ms. Before the reload
 * the user is read from /api/auth/me and stored, so the reloaded page opens signed in. An account that
 * still needs a phone check opens the verify view instead of reloading the same address.
 */
export function GoogleSignInReturn() {
  const { signIn } = useAuth();

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const session = params.get("session");
    if (handled || params.get("auth") !== "google" || !session) return;
    handled = true;

    localStorage.setItem(googleSessionKey, session);
    toast({
      title: `Welcome to ${brand.name}!`,
      description: `You're signed in with Google. Your ${signInBonusXp} XP sign-in bonus is waiting for you.`,
    });
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.hash);

    let next: string | null = null;
    const readUser = apiJson<{ user: SessionUser }>("GET", "/api/auth/me").then(
      ({ user }) => {
        signIn(user);
        if (user.activated === false) next = paths.register;
      },
      (error: unknown) => console.warn("Could not read the Google session", error),
    );
    const wait = new Promise((resolve) => setTimeout(resolve, reloadAfterMs));
    void Promise.all([readUser, wait]).then(() => {
      const destination = next ?? takeReturnTo();
      if (destination) window.location.assign(destination);
      else window.location.reload();
    });
  }, [signIn]);

  return null;
}
