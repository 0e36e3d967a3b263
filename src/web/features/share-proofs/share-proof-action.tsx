import { CheckCircle2, Clock, ImagePlus, Share2, XCircle } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { createPortal } from "react-dom";
import type { ShareProofResponse } from "../../../shared/contracts/share-proofs";
import { useIsLive } from "../../lib/hydration";
import { useT } from "../../lib/i18n";
import { useMyShareProofs } from "./api";
import { usePlatformName } from "./platform-name";

// The form and its checks load when a member opens it, not with My Rewards.
const ShareProofDialog = lazy(() => import("./share-proof-dialog"));

function ProofStatus({ proof }: { proof: ShareProofResponse }) {
  const t = useT();
  const platformName = usePlatformName();
  if (proof.status === "pending") {
    return (
      <p className="flex items-center gap-1.5 text-sm text-stone-700" data-testid="share-proof-status">
        <Clock className="size-4 shrink-0" aria-hidden />{" "}
        {t("shareProof.pending", { platform: platformName(proof.platform) })}
      </p>
    );
  }
  if (proof.status === "verified") {
    return (
      <p
        className="flex items-center gap-1.5 text-sm font-semibold text-green-800"
        data-testid="share-proof-status"
      >
        <CheckCircle2 className="size-4 shrink-0" aria-hidden />{" "}
        {proof.xpAwarded > 0 ? t("shareProof.verifiedXp", { xp: proof.xpAwarded }) : t("shareProof.verified")}
      </p>
    );
  }
  return (
    <div className="text-sm text-red-800" data-testid="share-proof-status">
      <p className="flex items-center gap-1.5 font-semibold">
        <XCircle className="size-4 shrink-0" aria-hidden /> {t("shareProof.rejected")}
      </p>
      {proof.staffNotes && (
        <p className="mt-0.5 text-stone-700">{t("shareProof.why", { notes: proof.staffNotes })}</p>
      )}
    </div>
  );
}

/**
 * On a reward card: "Shared it? Send proof", then the proof's status (waiting, verified with its XP,
 * or rejected with the staff's notes; a rejected proof can be sent again).
 */
export function ShareProofAction({ rewardId, title }: { rewardId: number; title: string }) {
  const proofs = useMyShareProofs();
  const [open, setOpen] = useState(false);
  const proof = proofs.data?.proofs.find((candidate) => candidate.rewardId === rewardId);
  const canSend = !proof || proof.status === "rejected";
  // On a page the server rendered, the button waits for the live app rather than drop a tap.
  const live = useIsLive();
  const t = useT();
  return (
    <div className="mt-3 space-y-2 border-t border-stone-100 pt-3">
      {proof && <ProofStatus proof={proof} />}
      {canSend && !proofs.isPending && (
        <button
          type="button"
          disabled={!live}
          onClick={() => setOpen(true)}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-amber-800 ring-1 ring-amber-200 hover:bg-amber-50"
        >
          {proof ? <ImagePlus className="size-4" aria-hidden /> : <Share2 className="size-4" aria-hidden />}
          {t(proof ? "shareProof.sendNew" : "shareProof.open")}
        </button>
      )}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <ShareProofDialog rewardId={rewardId} title={title} onClose={() => setOpen(false)} />
          </Suspense>,
          document.body,
        )}
    </div>
  );
}
