import { useQuery } from "@tanstack/react-query";
import type { CarouselCompany, PublicStats } from "../../../shared/contracts/public";
import { getOrNullOn401 } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

export const statsRefreshMs = 10_000;

export function usePublicStats() {
  return useQuery({
    queryKey: queryKeys.public.stats,
    queryFn: getOrNullOn401<PublicStats>("/api/stats/public"),
    refetchInterval: statsRefreshMs,
  });
}

export function useCarouselCompanies() {
  return useQuery({
    queryKey: queryKeys.public.carousel,
    queryFn: getOrNullOn401<CarouselCompany[]>("/api/companies/carousel"),
  });
}
