import { CheckCircle2, Clock, ImagePlus, Share2, XCircle } from "lucide-react";
import { useState } from "react";
import { createPortal } from "react-dom";
import {
  type SharePlatformId,
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
import { useT } from "../../lib/i18n";
import { useMyShareProofs, useSendShareProof } from "./api";

/** Stands in for the reward's title in the sentence, so it can be drawn bold wherever it falls. */
const titleSlot = "\u0000";

/** A platform's name: the networks keep their own names; "Other" is said in the language. */
function usePlatformName() {
  const t = useT();
  return (platform: SharePlatformId) =>
    platform === "other" ? t("shareProof.platformOther") : sharePlatformNames[platform];
}

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
  const t = useT();
  const platformName = usePlatformName();
  const platformOptions = sharePlatforms.map((platform) => ({
    value: platform,
    label: platformName(platform),
  }));
  // The reward's title is shown bold wherever the language puts it in the sentence.
  const [beforeTitle, afterTitle] = t("shareProof.intro", { title: titleSlot }).split(titleSlot);
  return (
    <Dialog open onClose={onClose} title={t("shareProof.open")}>
      <Form
        form={form}
        aria-label={t("shareProof.formLabel")}
        className="space-y-4"
        onValid={(body) => {
          setAlert(null);
          send.mutate(body, {
            onSuccess: () => {
              toast({ title: t("shareProof.sent"), description: t("shareProof.sentText") });
              onClose();
            },
            onError: (failure) => {
              const applied = applyServerErrors(form, failure);
              if (Object.keys(applied).length === 0) {
                setAlert(serverMessage(failure) ?? t("shareProof.sendFailed"));
              }
            },
          });
        }}
      >
        <p className="text-sm text-stone-700">
          {beforeTitle}
          <strong>{title}</strong>
          {afterTitle}
        </p>
        <ChoiceGroupField
          name="platform"
          label={t("shareProof.platform")}
          options={platformOptions}
          required
        />
        <TextField
          name="proofUrl"
          label={t("shareProof.link")}
          labelNote={t("shareProof.optional")}
          type="url"
          inputMode="url"
          placeholder="https://…"
          maxLength={2000}
        />
        <ImageField
          name="proofImage"
          label={t("shareProof.screenshot")}
          labelNote={t("shareProof.optional")}
          hint={t("shareProof.screenshotHint")}
          alsoClears={["proofUrl"]}
          preparingText={t("shareProof.preparing")}
          previewAlt={t("shareProof.previewAlt")}
          previewMaxHeight="max-h-40"
        />
        <FormActions
          alert={alert}
          submitLabel={t("shareProof.send")}
          pending={send.isPending}
          pendingLabel={t("shareProof.sending")}
          onCancel={onClose}
          className="flex flex-col gap-2 sm:flex-row-reverse"
        />
      </Form>
    </Dialog>
  );
}

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
  const t = useT();
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
          {t(proof ? "shareProof.sendNew" : "shareProof.open")}
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
