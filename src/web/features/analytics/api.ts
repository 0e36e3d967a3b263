import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AnalyticsResponse } from "../../../shared/contracts/analytics";
import { getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { companyUrl } from "../../lib/company-queries";
import { queryKeys } from "../../lib/query-keys";

export const companyAnalyticsUrl = (companyId: number, days: number) =>
  `${companyUrl(companyId)}/analytics?days=${days}`;
/** A plain link to this downloads the file: the browser sends the session cookie with it. */
export const companyAnalyticsCsvUrl = (companyId: number, days: number) =>
  `${companyUrl(companyId)}/analytics.csv?days=${days}`;

/** The company's numbers for the last `days` days, as its plan allows; the last period stays shown while the next loads. */
export function useCompanyAnalytics(companyId: number | null, days: number) {
  return useQuery<AnalyticsResponse>({
    queryKey: queryKeys.business.analytics(companyId ?? 0, days),
    queryFn: getJson(companyAnalyticsUrl(companyId ?? 0, days)),
    enabled: companyId !== null,
    staleTime: 60_000,
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}
