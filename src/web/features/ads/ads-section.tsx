import { Eye, ImageIcon, Megaphone, Plus, Ticket } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { rewardTypeLabels } from "../../../shared/contracts/ad-options";
import type { CompanyAd } from "../../../shared/contracts/ads";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { formatCedis } from "../../../shared/money";
import { plans } from "../../../shared/plans";
import { subscriptionDetailsPath } from "../../app/paths";
import { LapsedPlanWarning } from "../../components/lapsed-plan-warning";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { AdForm } from "./ad-form";
import { useCompanyAds, useDeleteAd, useSetAdPaused } from "./api";

const numberFormat = new Intl.NumberFormat("en-GH");

const statusStyle: Record<CompanyAd["status"], string> = {
  active: "bg-green-100 text-green-800",
  paused: "bg-stone-200 text-stone-700",
  expired: "bg-red-100 text-red-800",
};
const statusLabel: Record<CompanyAd["status"], string> = {
  active: "Active",
  paused: "Paused",
  expired: "Expired",
};

function codesText(ad: CompanyAd): string | null {
  if (ad.rewardType !== "discount") return null;
  if (ad.useCustomCode) return `Custom code ${ad.customDiscountCode ?? ""}`.trim();
  return `${numberFormat.format(ad.discountCodesLeft)} of ${numberFormat.format(ad.discountCodesTotal)} codes left`;
}

/** "Discount 20%", "GH₵ 5.00 cashback", "Badge": what the ad's reward gives. */
function rewardText(ad: CompanyAd): string {
  if (ad.rewardType === "discount" && ad.discountPercent) return `Discount ${ad.discountPercent}%`;
  if (ad.rewardType === "cashback" && ad.cashbackPesewas)
    return `${formatCedis(ad.cashbackPesewas)} cashback`;
  return rewardTypeLabels[ad.rewardType];
}

function failureToast(title: string, failure: unknown) {
  toast({ title, description: serverMessage(failure) ?? "Please try again.", variant: "destructive" });
}

function AdRow({
  ad,
  companyId,
  onEdit,
  onDelete,
}: {
  ad: CompanyAd;
  companyId: number;
  onEdit(): void;
  onDelete(): void;
}) {
  const titleId = useId();
  const setPaused = useSetAdPaused(companyId);
  const codes = codesText(ad);
  const toggle = (paused: boolean) =>
    setPaused.mutate(
      { adId: ad.id, paused },
      {
        onSuccess: () =>
          toast({
            title: paused ? "Ad paused" : "Ad resumed",
            description: paused ? "It no longer shows on Discover." : "It shows on Discover again.",
          }),
        onError: (failure) =>
          failureToast(paused ? "Could not pause the ad" : "Could not resume the ad", failure),
      },
    );
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="company-ad"
        className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200"
      >
        {ad.thumbnailUrl ? (
          <img
            src={ad.thumbnailUrl}
            alt=""
            width={54}
            height={96}
            loading="lazy"
            className="h-24 w-[54px] shrink-0 rounded-lg object-cover ring-1 ring-stone-200"
          />
        ) : (
          <span className="flex h-24 w-[54px] shrink-0 items-center justify-center rounded-lg bg-stone-100">
            <ImageIcon className="size-5 text-stone-400" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-bold text-stone-900">
              {ad.title}
            </h3>
            <span
              data-testid="ad-status"
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[ad.status]}`}
            >
              {statusLabel[ad.status]}
            </span>
          </div>
          <p className="text-xs text-stone-500">
            {ad.category} · {ad.adType === "video" ? "Video" : "Image"}, {ad.durationSeconds} s ·{" "}
            <span data-testid="ad-reward">{rewardText(ad)}</span>
          </p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
            <li className="inline-flex items-center gap-1">
              <Eye className="size-4 text-stone-400" aria-hidden />
              {numberFormat.format(ad.viewCount)} views
            </li>
            <li className="inline-flex items-center gap-1">
              <Megaphone className="size-4 text-stone-400" aria-hidden />
              {numberFormat.format(ad.impressionCount)} impressions
            </li>
            {codes && (
              <li className="inline-flex items-center gap-1">
                <Ticket className="size-4 text-stone-400" aria-hidden />
                {codes}
              </li>
            )}
          </ul>
          <div className="flex flex-wrap gap-2 pt-1">
            <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={onEdit}>
              Edit
            </Button>
            {ad.status === "active" && (
              <Button
                variant="secondary"
                className="px-3 py-1.5 text-sm"
                pending={setPaused.isPending}
                onClick={() => toggle(true)}
              >
                Pause
              </Button>
            )}
            {ad.status === "paused" && (
              <Button
                variant="secondary"
                className="px-3 py-1.5 text-sm"
                pending={setPaused.isPending}
                onClick={() => toggle(false)}
              >
                Resume
              </Button>
            )}
            <Button
              variant="ghost"
              className="px-3 py-1.5 text-sm text-red-700 hover:bg-red-50"
              onClick={onDelete}
            >
              Delete
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}

/** The Ads tab: the list with its counters, the plan's limit, and the create/edit form. */
export function AdsSection({ companyId, plan }: { companyId: number; plan: PlanStatus }) {
  const query = useCompanyAds(companyId);
  const remove = useDeleteAd(companyId);
  const [editing, setEditing] = useState<CompanyAd | "new" | null>(null);
  const [deleting, setDeleting] = useState<CompanyAd | null>(null);
  const limitNoteId = useId();
  const atLimit = plan.adsUsed >= plan.maxAds;
  const planName = plans[plan.plan].name;

  if (editing) {
    return (
      <section aria-labelledby={`${limitNoteId}-form`} className="space-y-4">
        <h2 id={`${limitNoteId}-form`} className="text-xl font-bold text-stone-900">
          {editing === "new" ? "New ad" : `Edit “${editing.title}”`}
        </h2>
        <AdForm
          companyId={companyId}
          plan={plan}
          ad={editing === "new" ? null : editing}
          onDone={() => {
            setEditing(null);
            window.scrollTo({ top: 0 });
          }}
        />
      </section>
    );
  }

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: "Ad deleted", description: `“${deleting.title}” no longer shows on Discover.` });
        setDeleting(null);
      },
      onError: (failure) => failureToast("Could not delete the ad", failure),
    });
  };

  return (
    <section aria-labelledby={limitNoteId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={limitNoteId} className="text-xl font-bold text-stone-900">
          Your ads
        </h2>
        <Button
          onClick={() => setEditing("new")}
          disabled={atLimit}
          aria-describedby={atLimit ? `${limitNoteId}-limit` : undefined}
        >
          <Plus className="size-4" aria-hidden /> Create ad
        </Button>
      </div>
      {atLimit && (
        <p
          id={`${limitNoteId}-limit`}
          className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          Your {planName} plan allows {plan.maxAds} ad{plan.maxAds === 1 ? "" : "s"} and you're using{" "}
          {plan.adsUsed}. Delete an ad or upgrade your plan to create another.{" "}
          <Link to={subscriptionDetailsPath(companyId)} className="font-semibold underline">
            Compare plans
          </Link>
        </p>
      )}
      {!plan.isCurrent && <LapsedPlanWarning neverPaid={plan.paidUntil === null} />}
      {query.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading your ads">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p
          data-testid="company-ads-empty"
          className="rounded-2xl bg-white p-6 text-center text-stone-600 ring-1 ring-stone-200"
        >
          No ads yet. Create your first ad: an image{plan.allowsVideo ? " or a short video" : ""} with a
          reward people earn by watching it.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Ads">
          {query.data.map((ad) => (
            <AdRow
              key={ad.id}
              ad={ad}
              companyId={companyId}
              onEdit={() => setEditing(ad)}
              onDelete={() => setDeleting(ad)}
            />
          ))}
        </ul>
      )}

      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete this ad?">
        <p className="text-stone-700">
          “{deleting?.title}” stops showing on Discover at once and no longer counts against your plan.
          Rewards people already earned keep working. This can't be undone.
        </p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
          <Button
            variant="danger"
            pending={remove.isPending}
            pendingLabel="Deleting…"
            onClick={confirmDelete}
          >
            Delete
          </Button>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
