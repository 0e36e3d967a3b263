import type {
  ShareVerifyRequest,
  StaffShareProof,
  StaffShareProofsResponse,
} from "../../../shared/contracts/share-proofs";
import { useStaffDecision, useStaffQueuePage } from "../../lib/staff-queue";

/* Staff and admins: the queue of proofs to check (apart from the member's hooks, so My Rewards doesn't load it). */
export type ShareProofQueueStatus = "pending" | "verified" | "rejected";

/** One page of the queue, newest first; `before` pages back to older proofs. */
export function useStaffShareProofs(status: ShareProofQueueStatus, before?: number) {
  return useStaffQueuePage<StaffShareProofsResponse>("share-proofs", status, before);
}

export function useDecideShareProof(rewardId: number) {
  return useStaffDecision<StaffShareProof, StaffShareProofsResponse, ShareVerifyRequest>(
    "share-proofs",
    rewardId,
    (page, decided) => ({ ...page, proofs: page.proofs.filter((row) => row.rewardId !== decided.rewardId) }),
  );
}
