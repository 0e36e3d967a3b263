import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "./query-keys";

/**
 * The business's API base, which is also where its profile is read: the business features (account,
 * ads, staff, analytics) build their URLs on it.
 */
export const companyUrl = (companyId: number) => `/api/companies/${companyId}`;

/** Re-reads the company (its plan) after the server said the page's copy of the plan was out of date. */
export function useRefreshCompany(companyId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.business.profile(companyId) });
}
