import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Heart, MapPin, Share2 } from "lucide-react";
import type { ReactNode } from "react";
import { brand } from "../../../shared/brand";
import type { ViewerAd } from "../../../shared/contracts/ads";
import { mobileWatchPath } from "../../app/paths";
import { toast } from "../../components/ui/use-toast";
import { useT } from "../../lib/i18n";
import { translate } from "../../lib/language";
import { queryKeys } from "../../lib/query-keys";
import { recordAdInteraction, setAdLiked } from "./api";

const actionClass =
  "flex size-12 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none";

function Action({ label, count, children }: { label: string; count?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-1">
      {children}
      <span className="text-[11px] leading-none font-semibold whitespace-nowrap" aria-hidden>
        {count ?? label}
      </span>
    </div>
  );
}

/** Like with the heart filled at once; the server's answer (or a failure) settles the count. */
function useLike(ad: ViewerAd) {
  const queryClient = useQueryClient();
  const setCached = (liked: boolean, likeCount: number) =>
    queryClient.setQueriesData<ViewerAd>({ queryKey: queryKeys.ads.viewerAll(ad.id) }, (cached) =>
      cached ? { ...cached, likedByMe: liked, likeCount } : cached,
    );
  return useMutation({
    mutationFn: (liked: boolean) => setAdLiked(ad.id, liked),
    onMutate: (liked) => {
      const before = { liked: ad.likedByMe, likeCount: ad.likeCount };
      setCached(liked, Math.max(0, ad.likeCount + (liked ? 1 : -1)));
      return before;
    },
    onSuccess: (state) => setCached(state.liked, state.likeCount),
    onError: (_error, _liked, before) => {
      if (before) setCached(before.liked, before.likeCount);
      toast({ title: translate("viewer.likeFailed"), description: translate("viewer.likeFailedText") });
    },
  });
}

async function shareAd(ad: ViewerAd) {
  const url = new URL(mobileWatchPath(ad.id), window.location.origin).toString();
  const text = translate("viewer.shareText", {
    title: ad.title,
    company: ad.company.name,
    brand: brand.name,
  });
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: ad.title, text, url });
      recordAdInteraction(ad.id, { type: "share", channel: "native" });
    } catch {
      // Closing the share sheet is not a failure worth a message.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    recordAdInteraction(ad.id, { type: "share", channel: "copy_link" });
    toast({ title: translate("viewer.linkCopied"), description: translate("viewer.linkCopiedText") });
  } catch {
    toast({ title: translate("viewer.linkNotCopied"), description: url });
  }
}

/**
 * Like, share and directions: each recorded for the business as an ad interaction. A column for the
 * screen's right edge, beside the creative rather than on it.
 */
export function ViewerActions({ ad }: { ad: ViewerAd }) {
  const like = useLike(ad);
  const t = useT();
  return (
    <div className="pointer-events-auto flex flex-col items-center gap-3" data-testid="viewer-actions">
      <Action label={t("viewer.like")} count={ad.likeCount > 0 ? ad.likeCount : t("viewer.like")}>
        <button
          type="button"
          aria-pressed={ad.likedByMe}
          aria-label={t("viewer.likeLabel", { count: ad.likeCount })}
          onClick={() => {
            // One change at a time, so a quick double tap can't leave the heart and the server disagreeing.
            if (!like.isPending) like.mutate(!ad.likedByMe);
          }}
          className={actionClass}
        >
          <Heart className={ad.likedByMe ? "size-6 fill-red-500 text-red-500" : "size-6"} aria-hidden />
        </button>
      </Action>
      <Action label={t("viewer.share")}>
        <button
          type="button"
          aria-label={t("viewer.share")}
          onClick={() => void shareAd(ad)}
          className={actionClass}
        >
          <Share2 className="size-6" aria-hidden />
        </button>
      </Action>
      {ad.googleMapsLink && (
        <Action label={t("viewer.directions")}>
          <a
            href={ad.googleMapsLink}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("viewer.directionsTo", { company: ad.company.name })}
            onClick={() => recordAdInteraction(ad.id, { type: "map_visit" })}
            className={actionClass}
          >
            <MapPin className="size-6" aria-hidden />
          </a>
        </Action>
      )}
    </div>
  );
}
