import { useQuery } from "@tanstack/react-query";
import type { LoyaltyPlace } from "../../../shared/contracts/counter";
import { getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { queryKeys } from "../../lib/query-keys";

export const placeUrl = (companyId: number) => `/api/loyalty/places/${companyId}`;

/** What a shop's poster opens: the business, its loyalty program, the member's card there and its ads. */
export function usePlace(companyId: number | null) {
  return useQuery<LoyaltyPlace>({
    queryKey: queryKeys.loyalty.place(companyId ?? 0),
    queryFn: getJson(placeUrl(companyId ?? 0)),
    enabled: companyId !== null,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}
