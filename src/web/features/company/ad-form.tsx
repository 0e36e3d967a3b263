import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { Link } from "react-router";
import { brand } from "../../../shared/brand";
import { categories } from "../../../shared/categories";
import { rewardTypeLabels, rewardTypes } from "../../../shared/contracts/ad-options";
import type { CompanyAd, RewardType } from "../../../shared/contracts/ads";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { minAdDurationSeconds } from "../../../shared/plans";
import { tierIds, tierLabel } from "../../../shared/tiers";
import { subscriptionDetailsPath } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { CheckboxField, FormField, SelectField, TextAreaField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api-client";
import { accraDay } from "../../lib/dates";
import {
  focusFirstError,
  formValues,
  hasErrors,
  serverFieldErrors,
  serverMessage,
  useFieldErrors,
} from "../../lib/forms";
import { adFieldErrors, savedCodes, toAdInput, validateAd } from "./ad-form-rules";
import { useRefreshCompany, useSaveAd } from "./api";
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

/** Create or edit an ad: every field a business sets (spec section 3), within the plan's limits. */
export function AdForm({ companyId, plan, ad, onDone }: AdFormProps) {
  const save = useSaveAd(companyId);
  const refreshCompany = useRefreshCompany(companyId);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const { errors, setErrors, clearOnInput } = useFieldErrors();
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
  const [duration, setDuration] = useState(
    String(ad?.durationSeconds ?? Math.min(10, plan.maxAdDurationSeconds)),
  );
  const [rewardType, setRewardType] = useState<RewardType>(ad?.rewardType ?? "discount");
  const [useCustomCode, setUseCustomCode] = useState(ad?.useCustomCode ?? false);
  const today = accraDay(new Date());
  const knownCodes = savedCodes(ad);
  const isVideo = media?.kind === "video";

  const clearError = (name: string) => setErrors(({ [name]: _cleared, ...rest }) => rest);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = { ...formValues(form), durationSeconds: duration };
    const state = { mediaId: media?.id ?? null, mediaKind: media?.kind ?? null, rewardType, useCustomCode };
    const invalid = validateAd(values, state, plan, today);
    setErrors(invalid);
    setAlert(null);
    if (hasErrors(invalid)) return focusFirstError(form, invalid);
    save.mutate(
      { adId: ad?.id ?? null, body: toAdInput(values, state) },
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
          const fields = adFieldErrors(serverFieldErrors(failure));
          setErrors(fields);
          focusFirstError(formRef.current, fields);
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
  };

  return (
    <form
      ref={formRef}
      aria-label="Ad details"
      noValidate
      onSubmit={submit}
      onInput={clearOnInput}
      className="space-y-5"
    >
      <div ref={alertRef}>
        {alert && (
          <div
            role="alert"
            data-testid={alert.planLimit ? "plan-limit-alert" : "ad-form-alert"}
            className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
          >
            {alert.message}
            {alert.planLimit && (
              <>
                {" "}
                <Link to={subscriptionDetailsPath(companyId)} className="font-semibold underline">
                  Compare plans
                </Link>
              </>
            )}
          </div>
        )}
      </div>

      <Section title="The ad">
        <FormField name="title" label="Title" maxLength={80} defaultValue={ad?.title} error={errors.title} />
        <TextAreaField
          name="description"
          label="Description"
          labelNote="(optional)"
          rows={3}
          maxLength={500}
          defaultValue={ad?.description ?? ""}
          error={errors.description}
        />
        <SelectField
          name="category"
          label="Category"
          defaultValue={ad?.category ?? ""}
          error={errors.category}
        >
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
        error={errors.mediaId}
        onUploaded={(uploaded) => {
          setMedia({
            id: uploaded.id,
            kind: uploaded.kind,
            thumbnailUrl: uploaded.thumbnailUrl,
            durationSeconds: uploaded.durationSeconds,
          });
          clearError("mediaId");
          if (uploaded.kind === "video" && uploaded.durationSeconds !== null) {
            setDuration(String(Math.ceil(uploaded.durationSeconds)));
            clearError("durationSeconds");
          }
        }}
      >
        <FormField
          name="durationSeconds"
          label="Duration (seconds)"
          type="number"
          inputMode="numeric"
          min={minAdDurationSeconds}
          max={plan.maxAdDurationSeconds}
          value={duration}
          readOnly={isVideo}
          onChange={(event) => setDuration(event.target.value)}
          error={errors.durationSeconds}
          hint={
            isVideo
              ? "A video runs for its own length."
              : `How long people look at the image: ${minAdDurationSeconds} to ${plan.maxAdDurationSeconds} seconds on your plan.`
          }
        />
      </MediaPicker>

      <Section title="Reward">
        <SelectField
          name="rewardType"
          label="Reward type"
          value={rewardType}
          onChange={(event) => setRewardType(event.target.value as RewardType)}
          error={errors.rewardType}
        >
          {rewardTypes.map((type) => (
            <option key={type} value={type}>
              {rewardTypeLabels[type]}
            </option>
          ))}
        </SelectField>

        {rewardType === "discount" && (
          <>
            <FormField
              name="discountPercent"
              label="Discount (%)"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              defaultValue={ad?.discountPercent ?? ""}
              error={errors.discountPercent}
            />
            <CheckboxField
              name="useCustomCode"
              label="Use one custom code for everyone"
              checked={useCustomCode}
              onChange={(event) => setUseCustomCode(event.target.checked)}
              hint="Otherwise each person gets their own code from your list."
            />
            {useCustomCode ? (
              <FormField
                name="customDiscountCode"
                label="Custom code"
                maxLength={40}
                autoCapitalize="characters"
                defaultValue={ad?.customDiscountCode ?? ""}
                error={errors.customDiscountCode}
              />
            ) : (
              <TextAreaField
                name="discountCodes"
                label="Discount codes"
                rows={5}
                defaultValue={knownCodes?.join("\n") ?? ""}
                autoCapitalize="characters"
                spellCheck={false}
                error={errors.discountCodes}
                hint={
                  ad && ad.discountCodesTotal > 0 && !knownCodes
                    ? `One code per line. This ad has ${ad.discountCodesLeft} unused of ${ad.discountCodesTotal} codes: type the full list to keep; unused codes you leave out are removed.`
                    : "One code per line; each person who earns the reward gets one."
                }
              />
            )}
          </>
        )}
        {rewardType === "badge" && (
          <FormField
            name="badgeName"
            label="Badge name"
            maxLength={60}
            defaultValue={ad?.badgeName ?? ""}
            error={errors.badgeName}
          />
        )}
        {rewardType === "experience" && (
          <TextAreaField
            name="experienceContent"
            label="Experience content"
            rows={4}
            maxLength={5000}
            defaultValue={ad?.experienceContent ?? ""}
            error={errors.experienceContent}
            hint="What people unlock after watching: a recipe, a behind-the-scenes story, a secret menu…"
          />
        )}
        {rewardType === "prize_entry" && (
          <TextAreaField
            name="prizeEntryDetails"
            label="Prize entry details"
            labelNote="(optional)"
            rows={3}
            maxLength={500}
            defaultValue={ad?.prizeEntryDetails ?? ""}
            error={errors.prizeEntryDetails}
            hint="Watching earns an entry in this month's prize draw."
          />
        )}
        <FormField
          name="xpPointsReward"
          label="XP for watching"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          defaultValue={ad?.xpPointsReward ?? 10}
          error={errors.xpPointsReward}
          hint="0 to 100 XP, given once to each person who watches the ad through."
        />
      </Section>

      <Section title="Limits and audience">
        <FormField
          name="maxRedemptions"
          label="Maximum redemptions"
          type="number"
          inputMode="numeric"
          min={1}
          defaultValue={ad?.maxRedemptions ?? 1000}
          error={errors.maxRedemptions}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            name="dailyRedemptionCap"
            label="Daily cap"
            labelNote="(optional)"
            type="number"
            inputMode="numeric"
            min={1}
            defaultValue={ad?.dailyRedemptionCap ?? ""}
            error={errors.dailyRedemptionCap}
          />
          <FormField
            name="weeklyRedemptionCap"
            label="Weekly cap"
            labelNote="(optional)"
            type="number"
            inputMode="numeric"
            min={1}
            defaultValue={ad?.weeklyRedemptionCap ?? ""}
            error={errors.weeklyRedemptionCap}
          />
        </div>
        <SelectField
          name="requiredTier"
          label="Required tier"
          defaultValue={ad?.requiredTier ?? "bronze"}
          error={errors.requiredTier}
          hint="People below this tier don't see the ad."
        >
          {tierIds.map((tier) => (
            <option key={tier} value={tier}>
              {tierLabel(tier)}
              {tier === "bronze" ? " (everyone)" : ""}
            </option>
          ))}
        </SelectField>
        <CheckboxField
          name="isPlus"
          label={`${brand.plusName} members only`}
          defaultChecked={ad?.isPlus ?? false}
          error={errors.isPlus}
        />
        <FormField
          name="expiresAt"
          label="Expiry date"
          labelNote="(optional)"
          type="date"
          min={today}
          defaultValue={ad?.expiresAt ? accraDay(new Date(ad.expiresAt)) : ""}
          error={errors.expiresAt}
          hint="The ad stops showing at the end of this day (Accra time). Rewards expire with it."
        />
      </Section>

      <Section title="Where to redeem">
        <FormField
          name="branchName"
          label="Branch name"
          labelNote="(optional)"
          maxLength={80}
          defaultValue={ad?.branchName ?? ""}
          error={errors.branchName}
        />
        <FormField
          name="locationAddress"
          label="Branch address"
          labelNote="(optional)"
          maxLength={200}
          defaultValue={ad?.locationAddress ?? ""}
          error={errors.locationAddress}
        />
        <FormField
          name="googleMapsLink"
          label="Map link"
          labelNote="(optional)"
          type="url"
          inputMode="url"
          placeholder="https://maps.app.goo.gl/…"
          defaultValue={ad?.googleMapsLink ?? ""}
          error={errors.googleMapsLink}
        />
      </Section>

      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" pending={save.isPending} pendingLabel="Saving…">
          Save ad
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
