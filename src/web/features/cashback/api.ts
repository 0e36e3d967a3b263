import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  adminWithdrawal,
  adminWithdrawalList,
  MyCashback,
  PayoutAccountRequest,
  payoutAccount,
  payoutCodeSent,
  Withdrawal,
  WithdrawalRequest,
  withdrawalDecision,
} from "../../../shared/contracts/cashback";
import { apiJson, apiRequest, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { freshWhileAPageOpens } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";

const myCashbackUrl = "/api/cashback/mine";
const payoutAccountUrl = "/api/cashback/payout-account";
const withdrawalsUrl = "/api/cashback/withdrawals";
const adminWithdrawalsUrl = "/api/admin/withdrawals";

type PayoutAccount = z.infer<typeof payoutAccount>;
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
type AdminWithdrawalList = z.infer<typeof adminWithdrawalList>;
type WithdrawalDecision = z.input<typeof withdrawalDecision>;

/** The withdrawals an admin works through: those in review, and those waiting to be paid by hand. */
export type AdminWithdrawalQueue = "review" | "queued";

/** While a withdrawal is on its way, her cashback is read this often, so its payment shows when it lands. */
const withdrawingPollMs = 10_000;

const isWithdrawing = (cashback: MyCashback | undefined) =>
  cashback?.entries.some((entry) => entry.kind === "withdrawing") ?? false;

/** Her cashback: balance, pending rewards, history and payout wallet (read again while money is moving). */
export function useMyCashback() {
  const { user } = useAuth();
  return useQuery<MyCashback>({
    queryKey: queryKeys.rewards.cashback(user?.id),
    queryFn: getJson(myCashbackUrl),
    // The page waits for it and the card shows it: one read for both.
    staleTime: freshWhileAPageOpens,
    retry: retryUnlessRefused,
    refetchInterval: ({ state }) => (isWithdrawing(state.data) ? withdrawingPollMs : false),
  });
}

function useRefreshCashback() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.rewards.cashback(user?.id) });
}

/** The wallet was saved, or (for a number other than her verified phone) a code was texted to it first. */
export type PayoutAccountAnswer = { saved: PayoutAccount } | { codeSentTo: string };

/**
 * Sets her payout wallet. A 202 saves nothing: the number gets a 6-digit code, and the same request
 * with `verificationCode` saves it.
 */
export function useSetPayoutAccount() {
  const refresh = useRefreshCashback();
  return useMutation({
    mutationFn: async (body: PayoutAccountRequest): Promise<PayoutAccountAnswer> => {
      const response = await apiRequest("PUT", payoutAccountUrl, body);
      if (response.status === 202) {
        const sent = (await response.json()) as z.infer<typeof payoutCodeSent>;
        return { codeSentTo: sent.phoneNumber };
      }
      return { saved: (await response.json()) as PayoutAccount };
    },
    onSuccess: (answer) => {
      if ("saved" in answer) void refresh();
    },
  });
}

/** Withdraws to her wallet; whatever the answer, her balance and history are read again. */
export function useWithdraw() {
  const refresh = useRefreshCashback();
  return useMutation({
    mutationFn: (body: WithdrawalRequest) => apiJson<Withdrawal>("POST", withdrawalsUrl, body),
    onSettled: () => void refresh(),
  });
}

export function useAdminWithdrawals(status: AdminWithdrawalQueue) {
  return useQuery<AdminWithdrawalList>({
    queryKey: queryKeys.admin.withdrawals.list(status),
    queryFn: getJson(`${adminWithdrawalsUrl}?status=${status}`),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/** Approve or reject one; the queues are read again either way (a 409 means another admin decided it). */
export function useDecideWithdrawal(withdrawalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: WithdrawalDecision) =>
      apiJson<AdminWithdrawal>("POST", `${adminWithdrawalsUrl}/${withdrawalId}/decision`, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.withdrawals.all }),
  });
}
