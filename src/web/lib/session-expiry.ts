import { useEffect } from "react";
import { ApiError } from "./api-client";
import { useAuth } from "./auth";

/** A 401 from a signed-in call means the session ended on the server: re-check it, which signs this tab out. */
export function useRecheckSessionOn401(error: unknown) {
  const { refreshUser } = useAuth();
  const unauthorised = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (unauthorised) void refreshUser();
  }, [unauthorised, refreshUser]);
}
