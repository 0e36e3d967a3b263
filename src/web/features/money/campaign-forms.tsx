import type { Path } from "react-hook-form";
import type { Campaign } from "../../../shared/contracts/money";
import { formatCedis } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Form, SelectField, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { pesewasToCedisText } from "../../lib/cedis";
import { accraDay } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useChangeCampaign, useStartCampaign } from "./api";
import {
  type CampaignFormValues,
  type CapsFormValues,
  campaignForm,
  capsForm,
  moneyFieldBoxes,
} from "./money-forms";

/** An ad the business may run a campaign on. */
export interface CampaignAd {
  id: number;
  title: string;
}

function CapFields() {
  return (
    <>
      <TextField
        name="dailyCap"
        label="Daily cap in GH₵"
        inputMode="decimal"
        autoComplete="off"
        required
        hint="The most spent in one day. Spending is spread through the day."
      />
      <TextField
        name="totalBudget"
        label="Total budget in GH₵"
        inputMode="decimal"
        autoComplete="off"
        required
        hint="The most spent over the whole campaign."
      />
    </>
  );
}

/** "New campaign": one of the business's ads, a price per completed view, a daily cap, a budget, a last day. */
export function NewCampaignForm({
  companyId,
  ads,
  minPricePesewas,
  onDone,
}: {
  companyId: number;
  ads: CampaignAd[];
  /** The admin's minimum price per view now. */
  minPricePesewas: number;
  onDone(): void;
}) {
  const start = useStartCampaign(companyId);
  const form = useContractForm(campaignForm, {
    defaultValues: { adId: "", pricePerView: "", dailyCap: "", totalBudget: "", endsOn: "" },
  });
  return (
    <Form
      form={form}
      aria-label="New campaign"
      className="space-y-4"
      onValid={(body) =>
        start.mutate(body, {
          onSuccess: (campaign) => {
            toast({
              title: "Campaign started",
              description: `${campaign.adTitle} now pays per completed view.`,
            });
            onDone();
          },
          onError: (failure) =>
            applyServerErrors(form, failure, {
              fieldFor: moneyFieldBoxes as Partial<Record<string, Path<CampaignFormValues>>>,
              fallbackField: "adId",
              fallbackMessage: "We couldn't start the campaign. Please try again.",
            }),
        })
      }
    >
      <SelectField name="adId" label="Ad" required>
        <option value="">Choose one of your ads</option>
        {ads.map((ad) => (
          <option key={ad.id} value={String(ad.id)}>
            {ad.title}
          </option>
        ))}
      </SelectField>
      <TextField
        name="pricePerView"
        label="Price per view in GH₵"
        inputMode="decimal"
        autoComplete="off"
        required
        placeholder="0.50"
        hint={`Paid each time a member watches to the end and gets the reward. At least ${formatCedis(minPricePesewas)}.`}
      />
      <CapFields />
      <TextField
        name="endsOn"
        type="date"
        label="Last day"
        labelNote="(optional)"
        min={accraDay(new Date())}
        hint="It runs until the end of this day. Leave it empty to run until the budget is spent."
      />
      <Button type="submit" pending={start.isPending} pendingLabel="Starting…">
        Start campaign
      </Button>
    </Form>
  );
}

/** New caps for a running campaign (the budget not below what is already spent). */
export function CapsForm({
  companyId,
  campaign,
  onDone,
}: {
  companyId: number;
  campaign: Campaign;
  onDone(): void;
}) {
  const change = useChangeCampaign(companyId);
  const form = useContractForm(capsForm, {
    defaultValues: {
      dailyCap: pesewasToCedisText(campaign.dailyCapPesewas),
      totalBudget: pesewasToCedisText(campaign.totalBudgetPesewas),
    },
  });
  return (
    <Form
      form={form}
      aria-label={`Caps of ${campaign.adTitle}`}
      className="space-y-4"
      onValid={(caps) =>
        change.mutate(
          { campaignId: campaign.id, change: caps },
          {
            onSuccess: () => {
              toast({ title: "Caps saved" });
              onDone();
            },
            onError: (failure) =>
              applyServerErrors(form, failure, {
                fieldFor: moneyFieldBoxes as Partial<Record<string, Path<CapsFormValues>>>,
                fallbackField: "dailyCap",
                fallbackMessage: "We couldn't save the caps. Please try again.",
              }),
          },
        )
      }
    >
      <CapFields />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={change.isPending} pendingLabel="Saving…">
          Save caps
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
