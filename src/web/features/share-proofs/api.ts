import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  MyShareProofsResponse,
  ShareProofRequest,
  ShareProofResponse,
  ShareVerifyRequest,
  StaffShareProof,
  StaffShareProofsResponse,
} from "../../../shared/contracts/share-proofs";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";
import { useStaffDecision, useStaffQueuePage } from "../../lib/staff-queue";

const shareProofsUrl = "/api/share-proofs";
export const myShareProofsUrl = "/api/share-proofs/mine";

/** The member's proofs, newest first: one per reward shows its status on the reward's card. */
export function useMyShareProofs() {
  const { user } = useAuth();
  const query = useQuery<MyShareProofsResponse>({
    queryKey: queryKeys.shareProofs.mine(user?.id),
    queryFn: getJson(myShareProofsUrl),
    enabled: user !== null,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

export function useSendShareProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareProofRequest) => apiJson<ShareProofResponse>("POST", shareProofsUrl, body),
    onSuccess: (proof) => {
      queryClient.setQueriesData<MyShareProofsResponse>({ queryKey: queryKeys.shareProofs.mineAll }, (old) =>
        old ? { proofs: [proof, ...old.proofs.filter((other) => other.rewardId !== proof.rewardId)] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.shareProofs.mineAll });
    },
  });
}

// --- Staff and admins ----------------------------------------------------------------------------

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
