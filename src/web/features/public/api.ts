import { useQuery } from "@tanstack/react-query";
import type { CarouselCompany, PublicStats } from "../../../shared/contracts/public";
import { getQueryFn } from "../../lib/api-client";

export const statsRefreshMs = 10_000;

export function usePublicStats() {
  return useQuery({
    queryKey: ["/api/stats/public"],
    queryFn: getQueryFn<PublicStats>({ on401: "returnNull" }),
    refetchInterval: statsRefreshMs,
  });
}

export function useCarouselCompanies() {
  return useQuery({
    queryKey: ["/api/companies/carousel"],
    queryFn: getQueryFn<CarouselCompany[]>({ on401: "returnNull" }),
  });
}
