import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  MyShareProofsResponse,
  ShareProofRequest,
  ShareProofResponse,
} from "../../../shared/contracts/share-proofs";
import { memberReadPaths } from "../../../shared/prerendered-pages";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

const shareProofsUrl = "/api/share-proofs";
const myShareProofsUrl = memberReadPaths.myShareProofs;

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
