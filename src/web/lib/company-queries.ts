import { useQueryClient } from "@tanstack/react-query";

/**
 * The business's API base, which is also its profile's query key: the business features (account, ads,
 * staff, analytics) build their URLs on it, and ads re-read the profile when they change its plan usage.
 */
export const companyUrl = (companyId: number) => `/api/companies/${companyId}`;

/** Re-reads the company (its plan) after the server said the page's copy of the plan was out of date. */
export function useRefreshCompany(companyId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [companyUrl(companyId)] });
}
