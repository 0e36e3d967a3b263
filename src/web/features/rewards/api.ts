import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { z } from "zod";
import type { RewardQr, redeemRequest, redeemResponse } from "../../../shared/contracts/counter";
import type { Profile } from "../../../shared/contracts/profile";
import type { MyReward, RewardsCollection } from "../../../shared/contracts/rewards";
import { memberReadPaths } from "../../../shared/prerendered-pages";
import type { TierId } from "../../../shared/tiers";
import { apiJson } from "../../lib/api-client";
import { requireSuccess } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { keepOnDevice, readFromDevice } from "../../lib/device-copy";
import { useQueryKeptOnDevice } from "../../lib/kept-query";
import { queryKeys } from "../../lib/query-keys";

export const myRewardsUrl = memberReadPaths.myRewards;
export const rewardsCollectionUrl = memberReadPaths.rewardsCollection;

/** The member's rewards and codes; the last copy is kept on the phone for a counter with no signal. */
export function useMyRewards() {
  return useQueryKeptOnDevice<MyReward[]>(myRewardsUrl, queryKeys.rewards.mine);
}

/** What the page sends (optional fields may be left out; the server fills the defaults). */
type RedeemBody = z.input<typeof redeemRequest>;
type RedeemResponse = z.infer<typeof redeemResponse>;

/** A fresh signed, single-use QR for one of the member's discount rewards (valid 2 minutes). */
export function useCreateRewardQr(rewardId: number) {
  return useMutation({
    mutationKey: ["POST", `/api/rewards/${rewardId}/qr`],
    mutationFn: () => apiJson<RewardQr>("POST", `/api/rewards/${rewardId}/qr`),
  });
}

/**
 * Redeems a reward (the member marks an online code used, or staff type their code on this phone).
 * Whatever the answer, My Rewards is read again: a refusal can mean the reward was used or expired
 * meanwhile.
 */
export function useRedeemReward() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationKey: ["POST", "/api/redemptions"],
    mutationFn: async (body: RedeemBody) =>
      requireSuccess(await apiJson<RedeemResponse>("POST", "/api/redemptions", body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.rewards.mine(user?.id) }),
  });
}

/** A cashback reward just used: her cashback (shown on My Rewards by another feature) is read again. */
export function useRefreshCashback() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.rewards.cashback(user?.id) }),
    [queryClient, user?.id],
  );
}

/** Badges and draw entries, kept the same way. */
export function useRewardsCollection() {
  return useQueryKeptOnDevice<RewardsCollection>(rewardsCollectionUrl, queryKeys.rewards.collection);
}

export interface RewardsProgress {
  xpPoints: number;
  lifetimeXp: number;
  tier: TierId;
}
const progressCopyName = "rewards-progress";

/**
 * My Rewards' progress card reads the profile; only its three numbers (never the rest of the profile)
 * are kept on the phone, so the card opens offline with the rewards. Null when nothing is known.
 */
export function useRewardsProgress(profile: Profile | undefined): RewardsProgress | null {
  const { user } = useAuth();
  const userId = user?.id;
  const progress = profile
    ? { xpPoints: profile.xpPoints, lifetimeXp: profile.lifetimeXp, tier: profile.tier }
    : null;
  const { xpPoints, lifetimeXp, tier } = progress ?? {};
  useEffect(() => {
    if (userId === undefined || xpPoints === undefined || lifetimeXp === undefined || tier === undefined)
      return;
    keepOnDevice<RewardsProgress>(progressCopyName, userId, { xpPoints, lifetimeXp, tier });
  }, [userId, xpPoints, lifetimeXp, tier]);
  if (progress) return progress;
  if (userId === undefined) return null;
  return readFromDevice<RewardsProgress>(progressCopyName, userId)?.data ?? null;
}
