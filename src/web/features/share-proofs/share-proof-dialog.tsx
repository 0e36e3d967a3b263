import { useState } from "react";
import { shareProofForm } from "../../../shared/forms/share-proofs";
import { sharePlatforms } from "../../../shared/share-platforms";
import { FormActions } from "../../components/form-actions";
import { ImageField } from "../../components/image-field";
import { Dialog } from "../../components/ui/dialog";
import { ChoiceGroupField, Form, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { useSendShareProof } from "./api";
import { usePlatformName } from "./platform-name";

/** Stands in for the reward's title in the sentence, so it can be drawn bold wherever it falls. */
const titleSlot = "\u0000";

/** The proof form: the platform, a link or a screenshot. */
export default function ShareProofDialog({
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
