import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { paths } from "../app/paths";
import { useAuth } from "../lib/auth";

/**
 * Signed-in pages: anyone else goes to /login (the server enforces the same on every call). Someone who
 * just pressed Logout or signed out everywhere goes home instead, as spec section 2 says.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, signedOutOnPurpose } = useAuth();
  if (!user) return <Navigate to={signedOutOnPurpose ? paths.home : paths.login} replace />;
  return children;
}
