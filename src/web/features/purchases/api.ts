import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  MyPurchase,
  MyPurchasesResponse,
  PublicCompany,
  PublicReview,
  PurchaseDecisionRequest,
  PurchaseStatus,
  ReportPurchaseRequest,
  ReviewsResponse,
  ReviewVoteResponse,
  StaffPurchase,
  StaffPurchasesResponse,
  WriteReviewRequest,
} from "../../../shared/contracts/purchases";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";
import { useStaffDecision, useStaffQueuePage } from "../../lib/staff-queue";

const purchasesUrl = "/api/purchases";
const myPurchasesUrl = "/api/purchases/mine";
const publicCompanyUrl = (companyId: number) => `/api/companies/${companyId}/public`;
const reviewsUrl = (companyId: number) => `/api/companies/${companyId}/reviews`;

/** The business's public page: details, rating and (signed in) whether the member may review it. */
export function usePublicCompany(companyId: number | null) {
  const { user } = useAuth();
  return useQuery<PublicCompany>({
    queryKey: queryKeys.company.page(companyId ?? 0, user?.id),
    queryFn: getJson(publicCompanyUrl(companyId ?? 0)),
    enabled: companyId !== null,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}

export function useCompanyReviews(companyId: number, before?: number) {
  const { user } = useAuth();
  return useQuery<ReviewsResponse>({
    queryKey: queryKeys.company.reviews(companyId, before, user?.id),
    queryFn: getJson(`${reviewsUrl(companyId)}${before ? `?before=${before}` : ""}`),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}

/** After a review or a purchase changes, the page's numbers and lists are read again. */
function useRefreshCompany(companyId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.company.all(companyId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.purchases.mineAll }),
    ]);
}

export function useWriteReview(companyId: number) {
  const refresh = useRefreshCompany(companyId);
  return useMutation({
    mutationFn: (body: WriteReviewRequest) => apiJson<PublicReview>("POST", reviewsUrl(companyId), body),
    onSuccess: () => void refresh(),
  });
}

export function useMarkHelpful(companyId: number) {
  const refresh = useRefreshCompany(companyId);
  return useMutation({
    mutationFn: (reviewId: number) => apiJson<ReviewVoteResponse>("POST", `/api/reviews/${reviewId}/helpful`),
    onSuccess: () => void refresh(),
  });
}

export function useReportReview(companyId: number) {
  const refresh = useRefreshCompany(companyId);
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: number; reason: string }) =>
      apiJson<ReviewVoteResponse>("POST", `/api/reviews/${reviewId}/report`, { reason }),
    onSuccess: () => void refresh(),
  });
}

/** The member's reported purchases, newest first. */
export function useMyPurchases() {
  const { user } = useAuth();
  const query = useQuery<MyPurchasesResponse>({
    queryKey: queryKeys.purchases.mine(user?.id),
    queryFn: getJson(myPurchasesUrl),
    enabled: user !== null,
    staleTime: 30_000,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

export function useReportPurchase(companyId: number) {
  const refresh = useRefreshCompany(companyId);
  return useMutation({
    mutationFn: (body: ReportPurchaseRequest) => apiJson<MyPurchase>("POST", purchasesUrl, body),
    onSuccess: () => void refresh(),
  });
}

// --- Staff and admins ----------------------------------------------------------------------------

/** One page of the queue, newest first; `before` pages back to older purchases. */
export function useStaffPurchases(status: PurchaseStatus, before?: number) {
  return useStaffQueuePage<StaffPurchasesResponse>("purchases", status, before);
}

export function useDecidePurchase(purchaseId: number) {
  return useStaffDecision<StaffPurchase, StaffPurchasesResponse, PurchaseDecisionRequest>(
    "purchases",
    purchaseId,
    (page, decided) => ({ ...page, purchases: page.purchases.filter((row) => row.id !== decided.id) }),
  );
}
