import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { paths } from "../app/paths";
import { useAuth } from "../lib/auth";

/** Signed-in pages: anyone else goes to /login (the server enforces the same on every call). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user) return <Navigate to={paths.login} replace />;
  return children;
}
