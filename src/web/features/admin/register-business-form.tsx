import { useWatch } from "react-hook-form";
import { type Category, categories, categoryCatalogue, cities } from "../../../shared/categories";
import type { CreateCompanyRequest } from "../../../shared/contracts/companies";
import { registerBusinessForm } from "../../../shared/forms/companies";
import { formatCedis } from "../../../shared/money";
import { planIds, plans } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { Form, SelectField, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useRegisterCompany } from "./api";

const emptyBusiness = {
  name: "",
  category: "",
  subcategory: "",
  city: "",
  address: "",
  googleMapsUrl: "",
  latitude: "",
  longitude: "",
  contactEmail: "",
  contactPhone: "",
  plan: "starter",
};

/** The subcategories of the chosen category (none until one is chosen); the edit form uses it too. */
export function SubcategoryField() {
  const category = useWatch({ name: "category" }) as Category | "";
  return (
    <SelectField key={category} name="subcategory" label="Subcategory" disabled={!category}>
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
  );
}

/**
 * An admin registers a business; the platform sends its owner a setup link
 * (docs/product-rules.md#businesses-setup-link).
 */
export function RegisterBusinessForm() {
  const register = useRegisterCompany();
  const form = useContractForm(registerBusinessForm, { defaultValues: emptyBusiness });

  const submit = (business: CreateCompanyRequest) =>
    register.mutate(business, {
      onSuccess: (company) => {
        toast({
          title: "Business registered",
          description: `A setup link for ${company.name} was sent to ${business.contactEmail ?? business.contactPhone}.`,
        });
        form.reset(emptyBusiness);
      },
      onError: (failure) => {
        applyServerErrors(form, failure);
        toast({
          title: "Could not register the business",
          description: serverMessage(failure) ?? "Please try again.",
          variant: "destructive",
        });
      },
    });

  return (
    <Form form={form} onValid={submit} aria-label="Register a business" className="space-y-4">
      <TextField name="name" label="Business name" maxLength={120} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="category" label="Category" onChange={() => form.setValue("subcategory", "")}>
          <option value="" disabled>
            Choose a category
          </option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <SubcategoryField />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="city" label="City">
          <option value="" disabled>
            Choose a city
          </option>
          {cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </SelectField>
        <TextField name="address" label="Address" maxLength={200} />
      </div>
      <TextField
        name="googleMapsUrl"
        label="Map link"
        type="url"
        inputMode="url"
        placeholder="https://maps.app.goo.gl/…"
        hint="Or give the latitude and longitude below."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="latitude"
          label="Latitude"
          labelNote="(optional)"
          inputMode="decimal"
          placeholder="5.6037"
        />
        <TextField
          name="longitude"
          label="Longitude"
          labelNote="(optional)"
          inputMode="decimal"
          placeholder="-0.1870"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="contactEmail"
          label="Contact email"
          type="email"
          autoComplete="off"
          hint="The setup link goes here (else by SMS to the phone)."
        />
        <TextField name="contactPhone" label="Contact phone" type="tel" placeholder="024 123 4567" />
      </div>
      <SelectField name="plan" label="Starting plan">
        {planIds.map((id) => (
          <option key={id} value={id}>
            {plans[id].name} ({formatCedis(plans[id].pricePesewas)} a month)
          </option>
        ))}
      </SelectField>
      <Button type="submit" pending={register.isPending} pendingLabel="Registering…">
        Register business
      </Button>
    </Form>
  );
}
