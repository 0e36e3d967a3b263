import { useT } from "../lib/i18n";
import { Button, type ButtonVariant } from "./ui/button";
import { FormAlert } from "./ui/form-alert";

interface FormActionsProps {
  /** A message for the whole form (e.g. a refused request), shown above the buttons. */
  alert?: string | null;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  submitTestId?: string;
  pending: boolean;
  pendingLabel: string;
  onCancel(): void;
  className?: string;
}

/** A form's last row: its alert, if any, then the submit button and Cancel. */
export function FormActions({
  alert,
  submitLabel,
  submitVariant,
  submitTestId,
  pending,
  pendingLabel,
  onCancel,
  className = "flex flex-wrap gap-2",
}: FormActionsProps) {
  const t = useT();
  return (
    <>
      {alert && <FormAlert>{alert}</FormAlert>}
      <div className={className}>
        <Button
          type="submit"
          variant={submitVariant}
          className="min-h-11"
          pending={pending}
          pendingLabel={pendingLabel}
          data-testid={submitTestId}
        >
          {submitLabel}
        </Button>
        <Button variant="ghost" className="min-h-11" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      </div>
    </>
  );
}
