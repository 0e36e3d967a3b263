import { ExternalLink } from "lucide-react";
import { type StaffShareProof, shareVerifyRequest } from "../../../shared/contracts/share-proofs";
import { sharePlatformNames } from "../../../shared/share-platforms";
import { DecisionActions } from "../../components/decision-actions";
import { PagedQueue } from "../../components/paged-queue";
import { ReviewItem } from "../../components/review-item";
import { formatAccraMoment } from "../../lib/dates";
import { useDecideShareProof, useStaffShareProofs } from "./staff-api";

function ProofRow({ proof }: { proof: StaffShareProof }) {
  const decide = useDecideShareProof(proof.rewardId);
  return (
    <ReviewItem
      testId="share-proof-row"
      picture={
        proof.proofImageUrl
          ? {
              url: proof.proofImageUrl,
              alt: `Screenshot sent by ${proof.member.displayName}`,
              shape: "square",
            }
          : null
      }
      sender={proof.member}
      actions={
        proof.status === "pending" && (
          <DecisionActions
            decide={decide}
            verify={{
              decision: { status: "verified", staffNotes: undefined },
              done: { title: "Share verified", description: `${proof.member.displayName} earns 20 XP.` },
              failedTitle: "Could not verify the proof",
            }}
            reject={{
              schema: shareVerifyRequest,
              defaultValues: { status: "rejected", staffNotes: "" },
              formLabel: `Reject the share by ${proof.member.displayName}`,
              field: {
                name: "staffNotes",
                label: "Notes (the member sees them)",
                placeholder: "The post doesn't mention the business",
              },
              done: {
                title: "Share proof rejected",
                description: `${proof.member.displayName} will be told why.`,
              },
              failedTitle: "Could not reject the proof",
            }}
          />
        )
      }
    >
      <p className="text-stone-700">
        {proof.ad?.title ?? "A reward"} · {proof.company.name}
      </p>
      <p className="text-stone-700">
        On {sharePlatformNames[proof.platform]} · sent {formatAccraMoment(Date.parse(proof.submittedAt))}
      </p>
      {proof.proofUrl && (
        <a
          href={proof.proofUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex min-h-11 items-center gap-1 font-semibold break-all text-amber-800 underline"
        >
          <ExternalLink className="size-4 shrink-0" aria-hidden /> Open the post
        </a>
      )}
      {proof.status !== "pending" && (
        <p className="mt-1 text-stone-700">
          {proof.status === "verified" ? "Verified" : "Rejected"}
          {proof.reviewedBy ? ` by ${proof.reviewedBy}` : ""}
          {proof.staffNotes ? `: ${proof.staffNotes}` : ""}
        </p>
      )}
    </ReviewItem>
  );
}

const usePendingProofs = (before?: number) => useStaffShareProofs("pending", before);

/** Staff and admins: members' share proofs, newest first, each verified (+20 XP) or rejected with notes. */
export function StaffShareProofsQueue() {
  return (
    <PagedQueue
      testId="share-proofs-queue"
      usePage={usePendingProofs}
      itemsOf={(page) => page.proofs}
      keyOf={(proof) => proof.rewardId}
      renderItem={(proof) => <ProofRow proof={proof} />}
      skeletonClassName="h-28"
      text={{
        loading: "Loading share proofs",
        loadError: "We couldn't load the share proofs.",
        empty: "No share proofs are waiting for a check.",
        list: "Share proofs waiting",
        olderList: "Older share proofs",
        loadOlder: "Load older proofs",
      }}
    />
  );
}
