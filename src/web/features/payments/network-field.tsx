import { momoProviderCodes, momoProviderNames } from "../../../shared/contracts/payments";
import { SelectField } from "../../components/ui/form-field";
import { useT } from "../../lib/i18n";

/**
 * Which mobile money network pays (MTN MoMo, Telecel Cash, AirtelTigo Money): asked on both ways to pay,
 * so an admin checking a transfer knows which network's statement to look in.
 */
export function NetworkField() {
  const t = useT();
  return (
    <SelectField name="provider" label={t("payment.form.network")} required>
      <option value="">{t("payment.form.chooseNetwork")}</option>
      {momoProviderCodes.map((code) => (
        <option key={code} value={code}>
          {momoProviderNames[code]}
        </option>
      ))}
    </SelectField>
  );
}
