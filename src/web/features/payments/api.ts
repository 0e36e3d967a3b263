import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminPaymentList,
  CreatePaymentRequest,
  MySubscription,
  PaymentDecisionRequest,
  PaymentDetail,
  PaymentList,
  PaymentOtpRequest,
  PaymentProofRequest,
  PaymentResponse,
  PaymentStatusName,
  PlansResponse,
} from "../../../shared/contracts/payments";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

const plansUrl = "/api/plans";
const mySubscriptionUrl = "/api/subscriptions/mine";
const paymentsUrl = "/api/payments";
const adminPaymentsUrl = "/api/admin/payments";

const paymentUrl = (paymentId: number) => `${paymentsUrl}/${paymentId}`;
export const companyPaymentsUrl = (companyId: number) => `/api/companies/${companyId}/payments`;

/** While the payer approves the prompt on their phone, the payment is read again this often. */
const approvalPollMs = 2_500;
/** While an admin checks a manual MoMo payment (usually hours), a slow look now and then. */
const adminCheckPollMs = 30_000;

/** The plans, Anigye+ and the ways to pay (prices are platform settings: read, never assumed). */
export function usePlans() {
  return useQuery<PlansResponse>({
    queryKey: queryKeys.plans,
    queryFn: getJson(plansUrl),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}

/** How often a payment in this state is read again, or false when it is settled. */
export function pollIntervalFor(payment: Pick<PaymentResponse, "status" | "nextStep"> | undefined) {
  if (payment?.status !== "pending") return false;
  switch (payment.nextStep?.type) {
    case "approve_on_phone":
      return approvalPollMs;
    case "wait_for_admin":
      return adminCheckPollMs;
    default:
      return false;
  }
}

/**
 * One payment with its receipt data. While it waits for something that happens elsewhere (the phone
 * prompt, an admin) it is read again by itself; TanStack pauses that while the tab is in the background.
 */
export function usePayment(paymentId: number | null, { poll = true }: { poll?: boolean } = {}) {
  return useQuery<PaymentDetail>({
    queryKey: queryKeys.payments.one(paymentId ?? 0),
    queryFn: getJson(paymentUrl(paymentId ?? 0)),
    enabled: paymentId !== null,
    staleTime: 0,
    retry: retryUnlessRefused,
    refetchInterval: poll ? ({ state }) => pollIntervalFor(state.data) : false,
  });
}

/**
 * Everything that shows payments is stale once one changes: the member's subscription, the companies'
 * payments, the admin's queue and that payment itself.
 */
export function useRefreshPayments() {
  const queryClient = useQueryClient();
  return (paymentId?: number) => {
    const stale = [
      queryKeys.payments.subscriptionAll,
      queryKeys.business.paymentsAll,
      queryKeys.admin.payments.all,
      ...(paymentId === undefined ? [] : [queryKeys.payments.one(paymentId)]),
    ];
    for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
  };
}

/** A follow-up's answer goes straight into the payment's cached copy, then it is read again in full. */
function useFollowUpAnswer() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPayments();
  return (answer: PaymentResponse) => {
    queryClient.setQueryData<PaymentDetail>(queryKeys.payments.one(answer.id), (old) =>
      old ? { ...old, ...answer } : old,
    );
    refresh(answer.id);
  };
}

export function useCreatePayment() {
  const refresh = useRefreshPayments();
  return useMutation({
    mutationFn: (body: CreatePaymentRequest) => apiJson<PaymentResponse>("POST", paymentsUrl, body),
    onSuccess: (answer) => refresh(answer.id),
  });
}

/** Manual MoMo: the transaction ID from the payer's confirmation SMS. */
export function useSubmitProof(paymentId: number) {
  const onAnswer = useFollowUpAnswer();
  return useMutation({
    mutationFn: (body: PaymentProofRequest) =>
      apiJson<PaymentResponse>("POST", `${paymentUrl(paymentId)}/proof`, body),
    onSuccess: onAnswer,
  });
}

/** Provider path, Telecel Cash: the code sent by SMS. */
export function useSubmitOtp(paymentId: number) {
  const onAnswer = useFollowUpAnswer();
  return useMutation({
    mutationFn: (body: PaymentOtpRequest) =>
      apiJson<PaymentResponse>("POST", `${paymentUrl(paymentId)}/otp`, body),
    onSuccess: onAnswer,
  });
}

/** The member's Anigye+ status and payments (keyed by member, so another account never sees them). */
export function useMySubscription() {
  const { user } = useAuth();
  const query = useQuery<MySubscription>({
    queryKey: queryKeys.payments.mySubscription(user?.id),
    queryFn: getJson(mySubscriptionUrl),
    enabled: user !== null,
    staleTime: 0,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** A company's plan payments (its owner, or an admin). */
export function useCompanyPayments(companyId: number) {
  return useQuery<PaymentList>({
    queryKey: queryKeys.business.payments(companyId),
    queryFn: getJson(companyPaymentsUrl(companyId)),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

// --- Admin ---------------------------------------------------------------------------------------

export type QueueStatus = Extract<PaymentStatusName, "pending" | "flagged">;

export function useAdminPayments(status: QueueStatus, page: number) {
  const query = useQuery<AdminPaymentList>({
    queryKey: queryKeys.admin.payments.page(status, page),
    queryFn: getJson(`${adminPaymentsUrl}?status=${status}&page=${page}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // New payments arrive while the admin works through the queue.
    refetchInterval: 60_000,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

export function useDecidePayment() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPayments();
  return useMutation({
    mutationFn: ({ paymentId, decision }: { paymentId: number; decision: PaymentDecisionRequest }) =>
      apiJson<PaymentDetail>("POST", `${adminPaymentsUrl}/${paymentId}/decision`, decision),
    onSuccess: (payment) => {
      // The row leaves the queue at once; the lists are then read again.
      queryClient.setQueriesData<AdminPaymentList>({ queryKey: queryKeys.admin.payments.all }, (old) => {
        if (!old) return old;
        const left = old.payments.filter((row) => row.id !== payment.id);
        return { ...old, payments: left, total: old.total - (old.payments.length - left.length) };
      });
      refresh(payment.id);
    },
  });
}
