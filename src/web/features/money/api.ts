import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Campaign,
  CampaignChange,
  CampaignList,
  CampaignReport,
  CampaignRequest,
  WalletResponse,
  WalletTopUpRequest,
} from "../../../shared/contracts/money";
import type { PaymentResponse } from "../../../shared/contracts/payments";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { companyUrl } from "../../lib/company-queries";
import { queryKeys } from "../../lib/query-keys";

const walletUrl = (companyId: number) => `${companyUrl(companyId)}/wallet`;
const campaignsUrl = (companyId: number) => `${companyUrl(companyId)}/campaigns`;
const campaignUrl = (companyId: number, campaignId: number) => `${campaignsUrl(companyId)}/${campaignId}`;

/** The Accra days a report covers, both ends included ("YYYY-MM-DD"). */
export interface ReportRange {
  from: string;
  to: string;
}

const reportQuery = ({ from, to }: ReportRange) => `from=${from}&to=${to}`;

/** A plain link to this downloads the file: the browser sends the session cookie with it. */
export const campaignReportCsvUrl = (companyId: number, campaignId: number, range: ReportRange) =>
  `${campaignUrl(companyId, campaignId)}/report.csv?${reportQuery(range)}`;

/**
 * Under the business's keys, so they go with its session; one prefix per business, so a change to its
 * money (a top-up paid, a view charged) makes all of them stale at once.
 */
const moneyKeys = {
  all: (companyId: number) => [...queryKeys.business.all, "money", companyId],
  wallet: (companyId: number) => [...moneyKeys.all(companyId), "wallet"],
  campaigns: (companyId: number) => [...moneyKeys.all(companyId), "campaigns"],
  report: (companyId: number, campaignId: number, range: ReportRange) => [
    ...moneyKeys.all(companyId),
    "report",
    campaignId,
    range.from,
    range.to,
  ],
};

/** The balance and its movements, newest first, a page at a time ("Load more" follows nextBefore). */
export function useWallet(companyId: number) {
  return useInfiniteQuery({
    queryKey: moneyKeys.wallet(companyId),
    staleTime: 0,
    retry: retryUnlessRefused,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      apiJson<WalletResponse>(
        "GET",
        pageParam === null ? walletUrl(companyId) : `${walletUrl(companyId)}?before=${pageParam}`,
      ),
    getNextPageParam: (last) => last.nextBefore ?? null,
  });
}

/** Everything that shows the business's money is read again: after a top-up is paid, or a campaign changes. */
export function useRefreshMoney(companyId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: moneyKeys.all(companyId) });
}

/** Starts a top-up as a payment; it is paid (and lands on the balance) as a plan's payment is. */
export function useStartTopUp(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletTopUpRequest) =>
      apiJson<PaymentResponse>("POST", `${walletUrl(companyId)}/top-ups`, body),
    // The business's payments list shows the new order (and keeps it after a reload).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.business.paymentsAll }),
  });
}

export function useCampaigns(companyId: number) {
  return useQuery<CampaignList>({
    queryKey: moneyKeys.campaigns(companyId),
    queryFn: getJson(campaignsUrl(companyId)),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

export function useStartCampaign(companyId: number) {
  const refresh = useRefreshMoney(companyId);
  return useMutation({
    mutationFn: (body: CampaignRequest) => apiJson<Campaign>("POST", campaignsUrl(companyId), body),
    onSuccess: refresh,
  });
}

/** Pause, resume or new caps: the answer replaces the campaign in the list at once, then all is read again. */
export function useChangeCampaign(companyId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshMoney(companyId);
  return useMutation({
    mutationFn: ({ campaignId, change }: { campaignId: number; change: CampaignChange }) =>
      apiJson<Campaign>("PATCH", campaignUrl(companyId, campaignId), change),
    onSuccess: (changed) => {
      queryClient.setQueryData<CampaignList>(moneyKeys.campaigns(companyId), (old) =>
        old
          ? { ...old, campaigns: old.campaigns.map((one) => (one.id === changed.id ? changed : one)) }
          : old,
      );
      refresh();
    },
  });
}

export function useCampaignReport(companyId: number, campaignId: number, range: ReportRange) {
  return useQuery<CampaignReport>({
    queryKey: moneyKeys.report(companyId, campaignId, range),
    queryFn: getJson(`${campaignUrl(companyId, campaignId)}/report?${reportQuery(range)}`),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}
