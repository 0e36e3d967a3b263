import { useEffect } from "react";
import type { Profile } from "../../../shared/contracts/profile";
import type { MyReward, RewardsCollection } from "../../../shared/contracts/rewards";
import type { TierId } from "../../../shared/tiers";
import { useAuth } from "../../lib/auth";
import { keepOnDevice, readFromDevice } from "../../lib/device-copy";
import { useQueryKeptOnDevice } from "../../lib/kept-query";

export const myRewardsUrl = "/api/rewards/mine";
export const rewardsCollectionUrl = "/api/rewards/collection";

/** The member's rewards and codes; the last copy is kept on the phone for a counter with no signal. */
export function useMyRewards() {
  return useQueryKeptOnDevice<MyReward[]>(myRewardsUrl);
}

/** Badges and draw entries, kept the same way. */
export function useRewardsCollection() {
  return useQueryKeptOnDevice<RewardsCollection>(rewardsCollectionUrl);
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
