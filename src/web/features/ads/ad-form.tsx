import { type ReactNode, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { Link } from "react-router";
import { brand } from "../../../shared/brand";
import { categories } from "../../../shared/categories";
import { rewardTypeLabels, rewardTypes } from "../../../shared/contracts/ad-options";
import {
  type CompanyAd,
  cashbackMaxPesewas,
  cashbackMinPesewas,
  type UploadedMedia,
} from "../../../shared/contracts/ads";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { formatCedis } from "../../../shared/money";
import { minAdDurationSeconds } from "../../../shared/plans";
import { tierIds, tierLabel } from "../../../shared/tiers";
import { subscriptionDetailsPath } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { CheckboxField, Form, SelectField, TextAreaField, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api-client";
import { serverMessage } from "../../lib/api-errors";
import { useRefreshCompany } from "../../lib/company-queries";
import { accraDay } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { adFieldBoxes, adFormSchema, adFormValues, keptBranch } from "./ad-form-rules";
import { useBranchChoices, useSaveAd } from "./api";
import { type ChosenMedia, MediaPicker } from "./media-picker";

interface AdFormProps {
  companyId: number;
  plan: PlanStatus;
  /** The ad being edited, or null for a new one. */
  ad: CompanyAd | null;
  onDone(): void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-stone-200 p-4">
      <legend className="px-1 text-sm font-semibold text-stone-800">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The fields of the chosen reward type: a discount's percent and codes, a badge's name, and so on. */
function RewardFields() {
  const [rewardType, useCustomCode] = useWatch({ name: ["rewardType", "useCustomCode"] });
  switch (rewardType) {
    case "discount":
      return (
        <>
          <TextField
            name="discountPercent"
            label="Discount (%)"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
          />
          <CheckboxField
            name="useCustomCode"
            label="Use one custom code for everyone"
            hint="Otherwise each person gets their own code from your list."
          />
          {useCustomCode ? (
            <TextField
              name="customDiscountCode"
              label="Custom code"
              maxLength={40}
              autoCapitalize="characters"
            />
          ) : (
            <TextAreaField
              name="discountCodes"
              label="Discount codes"
              rows={5}
              autoCapitalize="characters"
              spellCheck={false}
              hint="One code per line; each person who earns the reward gets one."
            />
          )}
        </>
      );
    case "badge":
      return <TextField name="badgeName" label="Badge name" maxLength={60} />;
    case "cashback":
      return (
        <TextField
          name="cashback"
          label="Cashback per reward (GH₵)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="5"
          hint={`${formatCedis(cashbackMinPesewas)} to ${formatCedis(cashbackMaxPesewas)}. Each reward sets this aside from your balance (Money tab); the ad isn't shown while your balance can't cover one reward.`}
        />
      );
    case "experience":
      return (
        <TextAreaField
          name="experienceContent"
          label="Experience content"
          rows={4}
          maxLength={5000}
          hint="What people unlock after watching: a recipe, a behind-the-scenes story, a secret menu…"
        />
      );
    case "prize_entry":
      // Members are shown the draw's own prize, never a business's promise of another
      // (docs/product-rules.md#ads-prize-entry-shows-the-draws-prize).
      return (
        <p
          className="rounded-xl bg-amber-50 p-3 text-sm text-stone-700 ring-1 ring-amber-200"
          data-testid="ad-form-draw-note"
        >
          Watching earns an entry in this month's {brand.name} prize draw. Members see that draw's prize,
          which {brand.name} sets: don't promise another prize in your ad.
        </p>
      );
    default:
      return null;
  }
}

/**
 * Where the ad's offer is redeemed: one of the business's branches from its list (their name and address
 * then go on the ad), or none. An older ad that names a branch as typed before branches keeps it as a
 * choice of its own until another is chosen.
 */
function BranchChoice({ companyId, ad }: { companyId: number; ad: CompanyAd | null }) {
  const branches = useBranchChoices(companyId);
  const chosen = useWatch({ name: "branchId" }) as string;
  const typed =
    ad && ad.branchId === null ? [ad.branchName, ad.locationAddress].filter(Boolean).join(" · ") : "";
  return (
    <SelectField
      name="branchId"
      label="Branch"
      labelNote="(optional)"
      hint={
        chosen
          ? "The ad shows this branch's name and address."
          : "Your shops are on the Branches tab: choose one to show where to redeem."
      }
    >
      <option value="">No particular branch</option>
      {typed && <option value={keptBranch}>As typed before: {typed}</option>}
      {branches.data?.branches.map((branch) => (
        <option key={branch.id} value={String(branch.id)}>
          {branch.name}
          {branch.address ? ` · ${branch.address}` : ""}
        </option>
      ))}
    </SelectField>
  );
}

/** Create or edit an ad: every field a business sets, within the plan's limits. */
export function AdForm({ companyId, plan, ad, onDone }: AdFormProps) {
  const save = useSaveAd(companyId);
  const refreshCompany = useRefreshCompany(companyId);
  const today = accraDay(new Date());
  const form = useContractForm(adFormSchema(plan, today), { defaultValues: adFormValues(ad, plan) });
  const alertRef = useRef<HTMLDivElement>(null);
  const [alert, setAlert] = useState<{ message: string; planLimit: boolean } | null>(null);
  const [media, setMedia] = useState<ChosenMedia | null>(
    ad?.mediaId
      ? {
          id: ad.mediaId,
          kind: ad.adType,
          thumbnailUrl: ad.thumbnailUrl,
          durationSeconds: ad.durationSeconds,
        }
      : null,
  );
  // The chosen file on its way up: Save waits for it, so choosing a file and saving is all it takes.
  const upload = useRef<Promise<boolean> | null>(null);
  const [waitingForUpload, setWaitingForUpload] = useState(false);
  const isVideo = media?.kind === "video";

  const onUploaded = (uploaded: UploadedMedia) => {
    setMedia(uploaded);
    form.setValue("mediaId", uploaded.id);
    form.clearErrors("mediaId");
    if (uploaded.kind === "video" && uploaded.durationSeconds !== null) {
      form.setValue("durationSeconds", String(Math.ceil(uploaded.durationSeconds)));
      form.clearErrors("durationSeconds");
    }
  };

  // The latest choice of file: saving waits for it, and refuses while it failed.
  const trackUpload = (done: Promise<boolean>) => {
    upload.current = done;
  };

  const beforeSubmit = async () => {
    setAlert(null);
    const latest = upload.current;
    if (!latest) return true;
    setWaitingForUpload(true);
    const uploaded = await latest;
    setWaitingForUpload(false);
    if (!uploaded) {
      setAlert({
        message: "The new image or video isn't uploaded yet. Try the upload again, or choose another file.",
        planLimit: false,
      });
    }
    return uploaded;
  };

  const submit = (body: Parameters<typeof save.mutate>[0]["body"]) =>
    save.mutate(
      { adId: ad?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast({
            title: ad ? "Ad saved" : "Ad created",
            description:
              saved.status === "active" && plan.isCurrent
                ? `“${saved.title}” is showing on Discover.`
                : `“${saved.title}” is saved.`,
          });
          onDone();
        },
        onError: (failure) => {
          applyServerErrors(form, failure, { fieldFor: adFieldBoxes });
          const planLimit = failure instanceof ApiError && failure.code === "PLAN_LIMIT";
          // The plan may have changed since the page loaded: show the one the server applied.
          if (planLimit) void refreshCompany();
          setAlert({
            message:
              serverMessage(failure) ?? "We couldn't save the ad. Check your connection and try again.",
            planLimit,
          });
          requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: "center" }));
        },
      },
    );

  return (
    <Form form={form} onValid={submit} waitFor={beforeSubmit} aria-label="Ad details" className="space-y-5">
      <div ref={alertRef}>
        {alert && (
          <FormAlert testId={alert.planLimit ? "plan-limit-alert" : "ad-form-alert"}>
            {alert.message}
            {alert.planLimit && (
              <>
                {" "}
                <Link to={subscriptionDetailsPath(companyId)} className="font-semibold underline">
                  Compare plans
                </Link>
              </>
            )}
          </FormAlert>
        )}
      </div>

      <Section title="The ad">
        <TextField name="title" label="Title" maxLength={80} />
        <TextAreaField
          name="description"
          label="Description"
          labelNote="(optional)"
          rows={3}
          maxLength={500}
        />
        <SelectField name="category" label="Category">
          <option value="" disabled>
            Choose a category
          </option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      </Section>

      <MediaPicker
        companyId={companyId}
        plan={plan}
        media={media}
        onUploaded={onUploaded}
        onUploadStarted={trackUpload}
      >
        <TextField
          name="durationSeconds"
          label="Duration (seconds)"
          type="number"
          inputMode="numeric"
          min={minAdDurationSeconds}
          max={plan.maxAdDurationSeconds}
          readOnly={isVideo}
          hint={
            isVideo
              ? "A video runs for its own length."
              : `How long people look at the image: ${minAdDurationSeconds} to ${plan.maxAdDurationSeconds} seconds on your plan.`
          }
        />
      </MediaPicker>

      <Section title="Reward">
        <SelectField name="rewardType" label="Reward type">
          {rewardTypes.map((type) => (
            <option key={type} value={type}>
              {rewardTypeLabels[type]}
            </option>
          ))}
        </SelectField>
        <RewardFields />
        <TextField
          name="xpPointsReward"
          label="XP for watching"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          hint="0 to 100 XP, given once to each person who watches the ad through."
        />
      </Section>

      <Section title="Limits and audience">
        <TextField
          name="maxRedemptions"
          label="Maximum redemptions"
          type="number"
          inputMode="numeric"
          min={1}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="dailyRedemptionCap"
            label="Daily cap"
            labelNote="(optional)"
            type="number"
            inputMode="numeric"
            min={1}
          />
          <TextField
            name="weeklyRedemptionCap"
            label="Weekly cap"
            labelNote="(optional)"
            type="number"
            inputMode="numeric"
            min={1}
          />
        </div>
        <SelectField
          name="requiredTier"
          label="Required tier"
          hint="People below this tier don't see the ad."
        >
          {tierIds.map((tier) => (
            <option key={tier} value={tier}>
              {tierLabel(tier)}
              {tier === "bronze" ? " (everyone)" : ""}
            </option>
          ))}
        </SelectField>
        <CheckboxField name="isPlus" label={`${brand.plusName} members only`} />
        <TextField
          name="expiresAt"
          label="Expiry date"
          labelNote="(optional)"
          type="date"
          min={today}
          hint="The ad stops showing at the end of this day (Accra time). Rewards expire with it."
        />
      </Section>

      <Section title="Where to redeem">
        <BranchChoice companyId={companyId} ad={ad} />
        <TextField
          name="googleMapsLink"
          label="Map link"
          labelNote="(optional)"
          type="url"
          inputMode="url"
          placeholder="https://maps.app.goo.gl/…"
        />
      </Section>

      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          type="submit"
          pending={save.isPending || waitingForUpload}
          pendingLabel={waitingForUpload ? "Finishing the upload…" : "Saving…"}
        >
          Save ad
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
