import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { useT } from "../../lib/i18n";

/** Stands in for the value a sentence draws as an element (bold, code), wherever the language puts it. */
export const slot = "\u0000";

/** A translated sentence whose `slot` value is drawn as `node`. */
export function Sentence({ text, node }: { text: string; node: ReactNode }) {
  const [before, after] = text.split(slot);
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}

export function BackButton({ onBack }: { onBack(): void }) {
  const t = useT();
  return (
    <Button variant="ghost" className="min-h-11 w-full" onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden /> {t("rewards.redeem.back")}
    </Button>
  );
}
