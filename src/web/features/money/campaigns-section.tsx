import { BarChart3, Megaphone, Pause, Play, Plus } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import type { Campaign } from "../../../shared/contracts/money";
import { formatCedis } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDate } from "../../lib/dates";
import { useCampaigns, useChangeCampaign, useWallet } from "./api";
import { type CampaignAd, CapsForm, NewCampaignForm } from "./campaign-forms";
import { type CampaignOffer, campaignOffer } from "./campaign-offer";
import { CampaignReportPanel } from "./campaign-report";

const statusLabels: Record<Campaign["status"], string> = {
  active: "Active",
  paused: "Paused",
  ended: "Ended",
};

const offerTones: Record<CampaignOffer["state"], string> = {
  showing: "bg-green-50 text-green-800 ring-green-200",
  waiting: "bg-amber-50 text-amber-900 ring-amber-200",
  stopped: "bg-stone-100 text-stone-700 ring-stone-200",
};

function PauseButton({ companyId, campaign }: { companyId: number; campaign: Campaign }) {
  const change = useChangeCampaign(companyId);
  const pausing = campaign.status === "active";
  const toggle = () =>
    change.mutate(
      { campaignId: campaign.id, change: { status: pausing ? "paused" : "active" } },
      {
        onSuccess: () => toast({ title: pausing ? "Campaign paused" : "Campaign resumed" }),
        onError: (failure) =>
          toast({
            title: pausing ? "Could not pause the campaign" : "Could not resume the campaign",
            description: serverMessage(failure) ?? "Please try again.",
            variant: "destructive",
          }),
      },
    );
  return (
    <Button
      variant="secondary"
      className="min-h-11 px-3 py-1.5 text-sm"
      pending={change.isPending}
      pendingLabel={pausing ? "Pausing…" : "Resuming…"}
      onClick={toggle}
    >
      {pausing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
      {pausing ? "Pause" : "Resume"}
    </Button>
  );
}

/** "GH₵ 0.50 of GH₵ 10.00", each amount kept on one line. */
function spentOf(spent: number, cap: number): ReactNode {
  return (
    <>
      <span className="whitespace-nowrap">{formatCedis(spent)}</span> of{" "}
      <span className="whitespace-nowrap">{formatCedis(cap)}</span>
    </>
  );
}

function CampaignFigures({ campaign }: { campaign: Campaign }) {
  const figures = [
    { label: "Price per view", value: formatCedis(campaign.pricePerViewPesewas) },
    { label: "Spent today", value: spentOf(campaign.spentTodayPesewas, campaign.dailyCapPesewas) },
    { label: "Spent in all", value: spentOf(campaign.spentPesewas, campaign.totalBudgetPesewas) },
    { label: "Last day", value: campaign.endsOn ? formatAccraDate(campaign.endsOn) : "None set" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm">
      {figures.map(({ label, value }) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-stone-500">{label}</dt>
          <dd className="font-semibold break-words text-stone-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Opened = "caps" | "report" | null;

function CampaignItem({
  companyId,
  campaign,
  balancePesewas,
  canManage,
}: {
  companyId: number;
  campaign: Campaign;
  balancePesewas: number | undefined;
  canManage: boolean;
}) {
  const [opened, setOpened] = useState<Opened>(null);
  const toggle = (what: Exclude<Opened, null>) => setOpened((now) => (now === what ? null : what));
  const offer = campaignOffer(campaign, balancePesewas);
  const live = campaign.status !== "ended";
  return (
    <li
      data-testid="campaign"
      data-campaign-id={campaign.id}
      data-status={campaign.status}
      className="space-y-3 py-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-bold break-words text-stone-900">{campaign.adTitle}</h3>
        <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-700">
          {statusLabels[campaign.status]}
        </span>
      </div>
      <p
        data-testid="campaign-offer"
        data-state={offer.state}
        className={`rounded-xl px-3 py-2 text-sm font-medium ring-1 ${offerTones[offer.state]}`}
      >
        {offer.text}
      </p>
      <CampaignFigures campaign={campaign} />
      <div className="flex flex-wrap gap-2">
        {canManage && live && <PauseButton companyId={companyId} campaign={campaign} />}
        {canManage && live && (
          <Button
            variant="secondary"
            className="min-h-11 px-3 py-1.5 text-sm"
            aria-expanded={opened === "caps"}
            onClick={() => toggle("caps")}
          >
            Change caps
          </Button>
        )}
        <Button
          variant="secondary"
          className="min-h-11 px-3 py-1.5 text-sm"
          aria-expanded={opened === "report"}
          onClick={() => toggle("report")}
        >
          <BarChart3 className="size-4" aria-hidden /> Report
        </Button>
      </div>
      {opened === "caps" && (
        <CapsForm companyId={companyId} campaign={campaign} onDone={() => setOpened(null)} />
      )}
      {opened === "report" && <CampaignReportPanel companyId={companyId} campaign={campaign} />}
    </li>
  );
}

/** The ads a new campaign may run on: those without a campaign still running. */
function adsFreeForCampaign(ads: CampaignAd[], campaigns: Campaign[]): CampaignAd[] {
  const taken = new Set(campaigns.filter((one) => one.status !== "ended").map((one) => one.adId));
  return ads.filter((ad) => !taken.has(ad.id));
}

function NewCampaign({
  companyId,
  ads,
  minPricePesewas,
  onDone,
}: {
  companyId: number;
  ads: CampaignAd[];
  minPricePesewas: number;
  onDone(): void;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-4 border-b border-stone-200 pb-4">
      <h3 id={titleId} className="font-bold text-stone-900">
        New campaign
      </h3>
      {ads.length === 0 ? (
        <p className="text-sm text-stone-600">
          Every one of your ads already has a campaign. Add an ad in the Ads tab to start another.
        </p>
      ) : (
        <NewCampaignForm companyId={companyId} ads={ads} minPricePesewas={minPricePesewas} onDone={onDone} />
      )}
      <Button variant="secondary" onClick={onDone}>
        Cancel
      </Button>
    </section>
  );
}

interface CampaignsSectionProps {
  companyId: number;
  /** The owner starts and changes campaigns; an admin only reads them. */
  canManage: boolean;
  /** The business's ads, for a new campaign. */
  ads: CampaignAd[];
}

/**
 * Pay-per-view campaigns (docs/product-rules.md#pay-per-view-campaigns): each with whether its ad is
 * showing, its spend against its caps, pause and resume, new caps and its report; and a new one.
 */
export function CampaignsSection({ companyId, canManage, ads }: CampaignsSectionProps) {
  const campaigns = useCampaigns(companyId);
  const balance = useWallet(companyId).data?.pages[0]?.balancePesewas;
  const [creating, setCreating] = useState(false);
  const list = campaigns.data?.campaigns ?? [];
  return (
    <Card
      title="Pay-per-view campaigns"
      icon={<Megaphone className="size-5" aria-hidden />}
      description="Pay only when a member watches your ad to the end and gets its reward."
      testId="campaigns"
    >
      {canManage &&
        (creating && campaigns.data ? (
          <NewCampaign
            companyId={companyId}
            ads={adsFreeForCampaign(ads, list)}
            minPricePesewas={campaigns.data.minPricePerViewPesewas}
            onDone={() => setCreating(false)}
          />
        ) : (
          <Button onClick={() => setCreating(true)} disabled={campaigns.isPending}>
            <Plus className="size-4" aria-hidden /> New campaign
          </Button>
        ))}
      {campaigns.isPending ? (
        <div role="status" aria-label="Loading campaigns" className="mt-4 space-y-2">
          <Skeleton className="h-24" />
        </div>
      ) : campaigns.isError ? (
        <LoadError onRetry={() => void campaigns.refetch()} />
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600" data-testid="campaigns-empty">
          No campaigns yet.{canManage ? " Start one on any of your ads." : ""}
        </p>
      ) : (
        <ul aria-label="Campaigns" className="mt-2 divide-y divide-stone-100">
          {list.map((campaign) => (
            <CampaignItem
              key={campaign.id}
              companyId={companyId}
              campaign={campaign}
              balancePesewas={balance}
              canManage={canManage}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
