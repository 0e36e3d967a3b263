import { useQuery } from "@tanstack/react-query";
import type { LoyaltyPlace } from "../../../shared/contracts/counter";
import { retryUnlessRefused } from "../../lib/api-errors";

export const placeUrl = (companyId: number) => `/api/loyalty/places/${companyId}`;

/** What a shop's poster opens: the business, its loyalty program, the member's card there and its ads. */
export function usePlace(companyId: number | null) {
  return useQuery<LoyaltyPlace>({
    queryKey: [placeUrl(companyId ?? 0)],
    enabled: companyId !== null,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}
