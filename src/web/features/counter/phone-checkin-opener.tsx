import { Smartphone } from "lucide-react";
import { useT } from "../../lib/i18n";
import { counterWideButtonClass } from "./counter-buttons";

/** The scanner's way into the phone panel, in place of the camera and the typed code. */
export function PhoneCheckinOpener({ onOpen }: { onOpen(): void }) {
  const t = useT();
  return (
    <button type="button" onClick={onOpen} className={counterWideButtonClass}>
      <Smartphone className="size-6 shrink-0" aria-hidden />
      {t("counter.phone.open")}
    </button>
  );
}
