import type { CompanyProfile } from "../../../shared/contracts/companies";
import { companyProfileForm } from "../../../shared/forms/companies";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { CheckboxField, Form, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatPhone } from "../../lib/format";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { type CompanyProfileUpdate, useUpdateCompanyProfile } from "./api";
import { ImageUploadField } from "./image-upload-field";

/** The Profile tab: logo, storefront photo, and what customers see about the business. */
export function ProfileSection({ profile }: { profile: CompanyProfile }) {
  const update = useUpdateCompanyProfile(profile.id);
  const contact = profile.contactEmail ?? (profile.contactPhone ? formatPhone(profile.contactPhone) : null);
  // An emptied field is sent as null, which clears it (left out would keep the old value).
  const form = useContractForm(companyProfileForm, {
    defaultValues: {
      address: profile.address ?? "",
      googleMapsUrl: profile.googleMapsUrl ?? "",
      phone: profile.phone ? formatPhone(profile.phone) : "",
      businessHours: profile.businessHours ?? "",
      searchTags: profile.searchTags.join(", "),
      otpEnabled: profile.otpEnabled,
    },
  });

  const save = (changes: CompanyProfileUpdate) =>
    update.mutate(changes, {
      onSuccess: () => toast({ title: "Profile saved", description: "Customers see the new details." }),
      onError: (failure) => {
        applyServerErrors(form, failure);
        toast({
          title: "Could not save the profile",
          description: serverMessage(failure) ?? "Please try again.",
          variant: "destructive",
        });
      },
    });

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
        <Form form={form} onValid={save} aria-label="Business profile" className="space-y-4">
          <TextField name="address" label="Address" autoComplete="street-address" />
          <TextField
            name="googleMapsUrl"
            label="Map link"
            type="url"
            inputMode="url"
            placeholder="https://maps.app.goo.gl/…"
          />
          <TextField name="phone" label="Phone" type="tel" autoComplete="tel" placeholder="024 123 4567" />
          <TextField name="businessHours" label="Business hours" placeholder="Mon-Sat 8 AM-9 PM" />
          <TextField
            name="searchTags"
            label="Search tags"
            hint="Comma separated, e.g. jollof, waakye, chop bar. Up to 15 tags."
          />
          <CheckboxField
            name="otpEnabled"
            label="Two-step sign-in"
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
        </Form>
      </Card>
    </div>
  );
}
