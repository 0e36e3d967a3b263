import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { paths } from "../app/paths";
import { useAuth } from "../lib/auth";
import { rememberReturnTo } from "../lib/return-to";

/**
 * Signed-in pages: anyone else goes to /login and comes back after signing in (the server enforces the
 * same on every call). Someone who
 * just pressed Logout or signed out everywhere goes home instead
 * (docs/product-rules.md#accounts-where-sign-in-lands).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  if (!user) {
    if (signedOutOnPurpose) return <Navigate to={paths.home} replace />;
    // Signing in takes them back to where they were going (a shared ad, say).
    rememberReturnTo(location.pathname + location.search);
    return <Navigate to={paths.login} replace />;
  }
  return children;
}
