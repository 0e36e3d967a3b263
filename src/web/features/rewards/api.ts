import { useQuery } from "@tanstack/react-query";
import type { MyReward, RewardsCollection } from "../../../shared/contracts/rewards";
import { getQueryFn } from "../../lib/api-client";

export const myRewardsUrl = "/api/rewards/mine";

export function useMyRewards() {
  return useQuery({ queryKey: [myRewardsUrl], queryFn: getQueryFn<MyReward[]>({ on401: "throw" }) });
}

export const rewardsCollectionUrl = "/api/rewards/collection";

export function useRewardsCollection() {
  return useQuery<RewardsCollection>({ queryKey: [rewardsCollectionUrl] });
}
