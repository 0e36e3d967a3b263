import { useEffect } from "react";
import { brand } from "../../../shared/brand";
import type { CounterActor } from "../../../shared/contracts/counter";
import { companyDashboardPath, paths } from "../../app/paths";
import { useT } from "../../lib/i18n";
import { useOfflineSync } from "./api";
import { CounterGate } from "./counter-gate";
import { CounterHeader } from "./counter-header";
import { CounterScanner } from "./counter-scanner";
import { SyncStatus } from "./sync-status";

function ScannerScreen({ actor }: { actor: CounterActor }) {
  const t = useT();
  const { needsSignIn, syncNow } = useOfflineSync(actor.companyId);
  const backTo =
    actor.kind === "owner"
      ? { to: companyDashboardPath(actor.companyId), label: t("counter.backToDashboard") }
      : { to: paths.merchant, label: t("counter.backToCounter") };
  return (
    <main className="min-h-dvh bg-stone-100">
      <div className="mx-auto max-w-md space-y-4 px-4 py-4">
        <CounterHeader actor={actor} title={t("counter.scanner.title")} backTo={backTo} />
        <SyncStatus companyId={actor.companyId} needsSignIn={needsSignIn} onSyncNow={() => void syncNow()} />
        <CounterScanner actor={actor} />
      </div>
    </main>
  );
}

/**
 * The camera scanner, one feature behind two addresses: `/merchant-scanner` for counter staff and
 * `/vendor-scan` for the owner, who differ only in where they sign in.
 */
export function CounterScannerScreen({ signInPath }: { signInPath: string }) {
  const t = useT();
  useEffect(() => {
    document.title = t("counter.scanner.docTitle", { brand: brand.name });
  }, [t]);
  return <CounterGate signInPath={signInPath}>{(actor) => <ScannerScreen actor={actor} />}</CounterGate>;
}
