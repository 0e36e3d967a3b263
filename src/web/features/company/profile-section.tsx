import { type FormEvent, useState } from "react";
import type { CompanyProfile } from "../../../shared/contracts/companies";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { CheckboxField, FormField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { formatPhone } from "../../lib/format";
import {
  type FieldErrors,
  focusFirstError,
  formValues,
  hasErrors,
  rules,
  serverFieldErrors,
  serverMessage,
  useFieldErrors,
} from "../../lib/forms";
import { type CompanyProfileUpdate, useUpdateCompanyProfile } from "./api";
import { ImageUploadField } from "./image-upload-field";

const webAddress = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** "jollof, waakye , chop bar" → ["jollof", "waakye", "chop bar"]. */
export function parseTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Mirrors `updateCompanyProfileRequest` in src/shared/contracts/companies.ts. */
function checkProfile(values: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  if ((values.address?.trim().length ?? 0) > 200) errors.address = "Address must be at most 200 characters";
  const link = values.googleMapsUrl?.trim() ?? "";
  if (link && !webAddress.test(link)) errors.googleMapsUrl = "Map link must be a web address (https://…)";
  const phone = values.phone?.trim() ?? "";
  if (phone) errors.phone = rules.phone(phone);
  if ((values.businessHours?.trim().length ?? 0) > 120)
    errors.businessHours = "Business hours must be at most 120 characters";
  const tags = parseTags(values.searchTags ?? "");
  if (tags.length > 15) errors.searchTags = "At most 15 search tags";
  else if (tags.some((tag) => tag.length > 30)) errors.searchTags = "A tag must be at most 30 characters";
  return errors;
}

/** Server field keys such as `searchTags.2` belong to the `searchTags` field. */
function byField(fields: FieldErrors): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(fields)) errors[key.split(".")[0]!] ??= message;
  return errors;
}

/** The Profile tab: logo, storefront photo, and what customers see about the business. */
export function ProfileSection({ profile }: { profile: CompanyProfile }) {
  const update = useUpdateCompanyProfile(profile.id);
  const { errors, setErrors, clearOnInput } = useFieldErrors();
  const [otpEnabled, setOtpEnabled] = useState(profile.otpEnabled);
  const contact = profile.contactEmail ?? (profile.contactPhone ? formatPhone(profile.contactPhone) : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = checkProfile(values);
    setErrors(invalid);
    if (hasErrors(invalid)) return focusFirstError(form, invalid);
    // An emptied field is sent as null, which clears it (left out would keep the old value).
    const text = (name: string) => values[name]?.trim() || null;
    const body: CompanyProfileUpdate = {
      address: text("address"),
      googleMapsUrl: text("googleMapsUrl"),
      phone: text("phone"),
      businessHours: text("businessHours"),
      searchTags: parseTags(values.searchTags ?? ""),
      otpEnabled,
    };
    update.mutate(body, {
      onSuccess: () => toast({ title: "Profile saved", description: "Customers see the new details." }),
      onError: (failure) => {
        const fields = byField(serverFieldErrors(failure));
        setErrors(fields);
        focusFirstError(form, fields);
        toast({
          title: "Could not save the profile",
          description: serverMessage(failure) ?? "Please try again.",
          variant: "destructive",
        });
      },
    });
  };

  return (
    <div className="space-y-4">
      <Card title="Logo and storefront" description="Shown on your ads and in the partner carousel.">
        <div className="space-y-5">
          <ImageUploadField
            companyId={profile.id}
            kind="logo"
            label="Logo"
            currentUrl={profile.logo}
            previewClass="size-16 shrink-0 rounded-2xl ring-1 ring-stone-200"
          />
          <ImageUploadField
            companyId={profile.id}
            kind="storefront"
            label="Storefront photo"
            currentUrl={profile.storefrontImage}
            previewClass="h-16 w-28 shrink-0 rounded-xl ring-1 ring-stone-200"
          />
        </div>
      </Card>

      <Card title="Business details" description="Where to find you and when you're open.">
        <form
          aria-label="Business profile"
          noValidate
          onSubmit={submit}
          onInput={clearOnInput}
          className="space-y-4"
        >
          <FormField
            name="address"
            label="Address"
            autoComplete="street-address"
            defaultValue={profile.address ?? ""}
            error={errors.address}
          />
          <FormField
            name="googleMapsUrl"
            label="Map link"
            type="url"
            inputMode="url"
            placeholder="https://maps.app.goo.gl/…"
            defaultValue={profile.googleMapsUrl ?? ""}
            error={errors.googleMapsUrl}
          />
          <FormField
            name="phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="024 123 4567"
            defaultValue={profile.phone ? formatPhone(profile.phone) : ""}
            error={errors.phone}
          />
          <FormField
            name="businessHours"
            label="Business hours"
            placeholder="Mon-Sat 8 AM-9 PM"
            defaultValue={profile.businessHours ?? ""}
            error={errors.businessHours}
          />
          <FormField
            name="searchTags"
            label="Search tags"
            defaultValue={profile.searchTags.join(", ")}
            error={errors.searchTags}
            hint="Comma separated, e.g. jollof, waakye, chop bar. Up to 15 tags."
          />
          <CheckboxField
            name="otpEnabled"
            label="Two-step sign-in"
            checked={otpEnabled}
            onChange={(event) => setOtpEnabled(event.target.checked)}
            disabled={!contact}
            hint={
              contact
                ? `Each sign-in also asks for a 6-digit code sent to ${contact}.`
                : "Needs a contact email or phone on file."
            }
          />
          <Button type="submit" pending={update.isPending} pendingLabel="Saving…">
            Save profile
          </Button>
        </form>
      </Card>
    </div>
  );
}
