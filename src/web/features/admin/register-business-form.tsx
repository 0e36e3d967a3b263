import { type FormEvent, useState } from "react";
import { type Category, categories, categoryCatalogue, cities } from "../../../shared/categories";
import type { CreateCompanyRequest } from "../../../shared/contracts/companies";
import { formatCedis } from "../../../shared/money";
import { type PlanId, planIds, plans } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { FormField, SelectField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
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
import { useRegisterCompany } from "./api";

const webAddress = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

function coordinate(value: string | undefined, min: number, max: number, label: string) {
  const v = value?.trim() ?? "";
  if (!v) return { value: undefined };
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max)
    return { error: `${label} must be between ${min} and ${max}` };
  return { value: n };
}

/** Mirrors `createCompanyRequest` in src/shared/contracts/companies.ts (same messages). */
function checkBusiness(values: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.name?.trim() ?? "";
  if (!name) errors.name = "Business name is required";
  else if (name.length > 120) errors.name = "Business name must be at most 120 characters";
  const category = values.category ?? "";
  if (!(categories as string[]).includes(category)) errors.category = "Choose a category from the catalogue";
  const subcategory = values.subcategory ?? "";
  if (!subcategory) errors.subcategory = "Subcategory is required";
  else if (
    !errors.category &&
    !(categoryCatalogue[category as Category] as readonly string[]).includes(subcategory)
  )
    errors.subcategory = `Choose a subcategory of ${category}`;
  if (!(cities as readonly string[]).includes(values.city ?? "")) errors.city = "Choose a city";
  if (!values.address?.trim()) errors.address = "Address is required";
  const link = values.googleMapsUrl?.trim() ?? "";
  const latitude = coordinate(values.latitude, -90, 90, "Latitude");
  const longitude = coordinate(values.longitude, -180, 180, "Longitude");
  if (link && !webAddress.test(link)) errors.googleMapsUrl = "Map link must be a web address (https://…)";
  if (latitude.error) errors.latitude = latitude.error;
  if (longitude.error) errors.longitude = longitude.error;
  if (
    !latitude.error &&
    !longitude.error &&
    (latitude.value === undefined) !== (longitude.value === undefined)
  )
    errors.longitude = "Give both latitude and longitude";
  if (!link && !errors.longitude && (latitude.value === undefined || longitude.value === undefined))
    errors.googleMapsUrl = "Give a map link or the coordinates";
  const email = values.contactEmail?.trim() ?? "";
  const phone = values.contactPhone?.trim() ?? "";
  if (email && rules.email(email)) errors.contactEmail = "Enter a valid contact email";
  if (phone) errors.contactPhone = rules.phone(phone);
  if (!email && !phone) errors.contactEmail = "Give a contact email or phone for the setup link";
  return errors;
}

function toRequest(values: Record<string, string>): CreateCompanyRequest {
  const text = (name: string) => values[name]?.trim() || undefined;
  const number = (name: string) => (values[name]?.trim() ? Number(values[name]) : undefined);
  return {
    name: values.name!.trim(),
    category: values.category!,
    subcategory: values.subcategory!,
    city: values.city as CreateCompanyRequest["city"],
    address: values.address!.trim(),
    googleMapsUrl: text("googleMapsUrl"),
    latitude: number("latitude"),
    longitude: number("longitude"),
    contactEmail: text("contactEmail"),
    contactPhone: text("contactPhone"),
    plan: (values.plan || "starter") as PlanId,
  };
}

/** An admin registers a business; the platform sends its owner a setup link (spec section 5, issue 4). */
export function RegisterBusinessForm() {
  const register = useRegisterCompany();
  const { errors, setErrors, clearOnInput } = useFieldErrors();
  const [category, setCategory] = useState<Category | "">("");
  const [formKey, setFormKey] = useState(0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = checkBusiness(values);
    setErrors(invalid);
    if (hasErrors(invalid)) return focusFirstError(form, invalid);
    const body = toRequest(values);
    register.mutate(body, {
      onSuccess: (company) => {
        toast({
          title: "Business registered",
          description: `A setup link for ${company.name} was sent to ${body.contactEmail ?? body.contactPhone}.`,
        });
        setCategory("");
        setFormKey((key) => key + 1);
      },
      onError: (failure) => {
        const fields = serverFieldErrors(failure);
        setErrors(fields);
        focusFirstError(form, fields);
        toast({
          title: "Could not register the business",
          description: serverMessage(failure) ?? "Please try again.",
          variant: "destructive",
        });
      },
    });
  };

  return (
    <form
      key={formKey}
      aria-label="Register a business"
      noValidate
      onSubmit={submit}
      onInput={clearOnInput}
      className="space-y-4"
    >
      <FormField name="name" label="Business name" maxLength={120} error={errors.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="category"
          label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value as Category)}
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
        <SelectField
          key={category}
          name="subcategory"
          label="Subcategory"
          defaultValue=""
          disabled={!category}
          error={errors.subcategory}
        >
          <option value="" disabled>
            {category ? "Choose a subcategory" : "Choose a category first"}
          </option>
          {category &&
            categoryCatalogue[category].map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="city" label="City" defaultValue="" error={errors.city}>
          <option value="" disabled>
            Choose a city
          </option>
          {cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </SelectField>
        <FormField name="address" label="Address" maxLength={200} error={errors.address} />
      </div>
      <FormField
        name="googleMapsUrl"
        label="Map link"
        type="url"
        inputMode="url"
        placeholder="https://maps.app.goo.gl/…"
        error={errors.googleMapsUrl}
        hint="Or give the latitude and longitude below."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="latitude"
          label="Latitude"
          labelNote="(optional)"
          inputMode="decimal"
          placeholder="5.6037"
          error={errors.latitude}
        />
        <FormField
          name="longitude"
          label="Longitude"
          labelNote="(optional)"
          inputMode="decimal"
          placeholder="-0.1870"
          error={errors.longitude}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="contactEmail"
          label="Contact email"
          type="email"
          autoComplete="off"
          error={errors.contactEmail}
          hint="The setup link goes here (else by SMS to the phone)."
        />
        <FormField
          name="contactPhone"
          label="Contact phone"
          type="tel"
          placeholder="024 123 4567"
          error={errors.contactPhone}
        />
      </div>
      <SelectField name="plan" label="Starting plan" defaultValue="starter" error={errors.plan}>
        {planIds.map((id) => (
          <option key={id} value={id}>
            {plans[id].name} ({formatCedis(plans[id].pricePesewas)} a month)
          </option>
        ))}
      </SelectField>
      <Button type="submit" pending={register.isPending} pendingLabel="Registering…">
        Register business
      </Button>
    </form>
  );
}
