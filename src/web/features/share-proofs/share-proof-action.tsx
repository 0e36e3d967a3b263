import { CheckCircle2, Clock, ImagePlus, Share2, XCircle } from "lucide-react";
import { useState } from "react";
import { createPortal } from "react-dom";
import {
  type ShareProofResponse,
  sharePlatformNames,
  sharePlatforms,
} from "../../../shared/contracts/share-proofs";
import { shareProofForm } from "../../../shared/forms/share-proofs";
import { FormActions } from "../../components/form-actions";
import { ImageField } from "../../components/image-field";
import { Dialog } from "../../components/ui/dialog";
import { ChoiceGroupField, Form, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useMyShareProofs, useSendShareProof } from "./api";

const platformOptions = sharePlatforms.map((platform) => ({
  value: platform,
  label: sharePlatformNames[platform],
}));

function ShareProofDialog({
  rewardId,
  title,
  onClose,
}: {
  rewardId: number;
  title: string;
  onClose(): void;
}) {
  const send = useSendShareProof();
  const form = useContractForm(shareProofForm, {
    defaultValues: { rewardId, platform: null, proofUrl: "", proofImage: "" },
  });
  const [alert, setAlert] = useState<string | null>(null);
  return (
    <Dialog open onClose={onClose} title="Shared it? Send proof">
      <Form
        form={form}
        aria-label="Send share proof"
        className="space-y-4"
        onValid={(body) => {
          setAlert(null);
          send.mutate(body, {
            onSuccess: () => {
              toast({
                title: "Proof sent",
                description: "Our team will check it soon. Verified shares earn 20 XP.",
              });
              onClose();
            },
            onError: (failure) => {
              const applied = applyServerErrors(form, failure);
              if (Object.keys(applied).length === 0) {
                setAlert(
                  serverMessage(failure) ??
                    "We couldn't send your proof. Check your connection and try again.",
                );
              }
            },
          });
        }}
      >
        <p className="text-sm text-stone-700">
          Posted about <strong>{title}</strong>? Show us the post; once our team checks it you earn 20 XP.
        </p>
        <ChoiceGroupField
          name="platform"
          label="Where did you share it?"
          options={platformOptions}
          required
        />
        <TextField
          name="proofUrl"
          label="Link to your post"
          labelNote="(optional)"
          type="url"
          inputMode="url"
          placeholder="https://…"
          maxLength={2000}
        />
        <ImageField
          name="proofImage"
          label="Or a screenshot of it"
          labelNote="(optional)"
          hint="A JPEG or PNG; we shrink it on your phone before sending."
          alsoClears={["proofUrl"]}
          preparingText="Preparing the picture…"
          previewAlt="Your screenshot"
          previewMaxHeight="max-h-40"
        />
        <FormActions
          alert={alert}
          submitLabel="Send proof"
          pending={send.isPending}
          pendingLabel="Sending…"
          onCancel={onClose}
          className="flex flex-col gap-2 sm:flex-row-reverse"
        />
      </Form>
    </Dialog>
  );
}

function ProofStatus({ proof }: { proof: ShareProofResponse }) {
  if (proof.status === "pending") {
    return (
      <p className="flex items-center gap-1.5 text-sm text-stone-700" data-testid="share-proof-status">
        <Clock className="size-4 shrink-0" aria-hidden /> Share proof sent (
        {sharePlatformNames[proof.platform]}): waiting for a check.
      </p>
    );
  }
  if (proof.status === "verified") {
    return (
      <p
        className="flex items-center gap-1.5 text-sm font-semibold text-green-800"
        data-testid="share-proof-status"
      >
        <CheckCircle2 className="size-4 shrink-0" aria-hidden /> Share verified
        {proof.xpAwarded > 0 ? `: +${proof.xpAwarded} XP` : ""}
      </p>
    );
  }
  return (
    <div className="text-sm text-red-800" data-testid="share-proof-status">
      <p className="flex items-center gap-1.5 font-semibold">
        <XCircle className="size-4 shrink-0" aria-hidden /> Share proof rejected
      </p>
      {proof.staffNotes && <p className="mt-0.5 text-stone-700">Why: {proof.staffNotes}</p>}
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
  return (
    <div className="mt-3 space-y-2 border-t border-stone-100 pt-3">
      {proof && <ProofStatus proof={proof} />}
      {canSend && !proofs.isPending && (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-amber-800 ring-1 ring-amber-200 hover:bg-amber-50"
        >
          {proof ? <ImagePlus className="size-4" aria-hidden /> : <Share2 className="size-4" aria-hidden />}
          {proof ? "Send new proof" : "Shared it? Send proof"}
        </button>
      )}
      {open &&
        createPortal(
          <ShareProofDialog rewardId={rewardId} title={title} onClose={() => setOpen(false)} />,
          document.body,
        )}
    </div>
  );
}
