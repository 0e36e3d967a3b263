import { Check, Copy, Share2, UserPlus } from "lucide-react";
import { useState } from "react";
import { brand } from "../../../shared/brand";
import type { ReferralCancelReason, ReferralItem } from "../../../shared/contracts/referrals";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import { useMyReferrals } from "./api";

const statusLabels = {
  pending: "invite.status.pending",
  completed: "invite.status.completed",
  cancelled: "invite.status.cancelled",
} as const satisfies Record<string, UiKey>;

const notCountedLabels = {
  same_device: "invite.notCounted.sameDevice",
  same_phone: "invite.notCounted.samePhone",
  inviter_gone: "invite.notCounted.inviterGone",
} as const satisfies Record<ReferralCancelReason, UiKey>;

function statusLabel(referral: ReferralItem): UiKey {
  return referral.cancelReason ? notCountedLabels[referral.cancelReason] : statusLabels[referral.status];
}

/** "Invite friends": the member's link (copy, or the phone's share sheet) and how their invites went. */
export function InviteCard() {
  const t = useT();
  const query = useMyReferrals();
  const [copied, setCopied] = useState(false);
  const data = query.data;
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      toast({
        title: t("invite.copyFailed"),
        description: t("invite.copyFailedText"),
        variant: "destructive",
      });
    }
  }

  async function share(link: string) {
    try {
      await navigator.share({
        title: t("invite.shareTitle", { brand: brand.name }),
        text: t("invite.shareText", { brand: brand.name }),
        url: link,
      });
    } catch {
      // Closing the share sheet is not an error.
    }
  }

  return (
    <Card
      title={t("invite.title")}
      icon={<UserPlus className="size-5" aria-hidden />}
      description={t("invite.description")}
      testId="profile-invite"
    >
      {query.isPending ? (
        <p className="text-sm text-stone-500">{t("invite.loading")}</p>
      ) : query.isError || !data ? (
        <p className="text-sm text-stone-600">{t("invite.unavailable")}</p>
      ) : (
        <>
          <div className="flex items-center gap-2 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
            <code className="min-w-0 flex-1 truncate text-sm text-stone-800" data-testid="invite-link">
              {data.link}
            </code>
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" className="text-sm" onClick={() => void copy(data.link)}>
              {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              {copied ? t("invite.copied") : t("invite.copy")}
            </Button>
            {canShare && (
              <Button className="text-sm" onClick={() => void share(data.link)}>
                <Share2 className="size-4" aria-hidden />
                {t("invite.share")}
              </Button>
            )}
          </div>
          <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
            {(
              [
                [t("invite.invited"), data.invited],
                [t("invite.watched"), data.completed],
                [t("invite.xpEarned"), data.xpEarned],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl bg-amber-50 p-2">
                <dt className="text-xs text-stone-600">{label}</dt>
                <dd className="text-lg font-bold text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          {data.referrals.length > 0 && (
            <ul className="mt-4 divide-y divide-stone-100 text-sm">
              {data.referrals.slice(0, 10).map((referral, index) => (
                <li key={`${referral.joinedAt}-${index}`} className="flex justify-between gap-2 py-2">
                  <span className="truncate text-stone-800">{referral.displayName}</span>
                  <span className="text-right text-stone-500">{t(statusLabel(referral))}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
