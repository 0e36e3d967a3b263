import { MailCheck } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useT } from "../../lib/i18n";

/** After a link was emailed (password reset, sign-in): the server's message and the way back. */
export function CheckYourEmail({
  message,
  testId,
  onBack,
}: {
  message: string;
  testId: string;
  onBack(): void;
}) {
  const t = useT();
  return (
    <Card className="text-center" testId={testId}>
      <MailCheck className="mx-auto size-12 text-amber-600" aria-hidden />
      <h2 className="mt-3 text-xl font-bold">{t("auth.checkEmail.title")}</h2>
      <p className="mt-1 text-stone-600" role="status">
        {message}
      </p>
      <Button variant="secondary" className="mt-5" onClick={onBack}>
        {t("auth.backToSignIn")}
      </Button>
    </Card>
  );
}
