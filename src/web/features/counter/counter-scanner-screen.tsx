import { useEffect } from "react";
import { brand } from "../../../shared/brand";
import type { CounterActor } from "../../../shared/contracts/counter";
import { companyDashboardPath, paths } from "../../app/paths";
import { useOfflineSync } from "./api";
import { CounterGate } from "./counter-gate";
import { CounterHeader } from "./counter-header";
import { CounterScanner } from "./counter-scanner";
import { SyncStatus } from "./sync-status";

function ScannerScreen({ actor }: { actor: CounterActor }) {
  const { needsSignIn, syncNow } = useOfflineSync(actor.companyId);
  const backTo =
    actor.kind === "owner"
      ? { to: companyDashboardPath(actor.companyId), label: "Back to your dashboard" }
      : { to: paths.merchant, label: "Back to the counter" };
  return (
    <main className="min-h-dvh bg-stone-100">
      <div className="mx-auto max-w-md space-y-4 px-4 py-4">
        <CounterHeader actor={actor} title="Scan" backTo={backTo} />
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
  useEffect(() => {
    document.title = `Scan · ${brand.name}`;
  }, []);
  return <CounterGate signInPath={signInPath}>{(actor) => <ScannerScreen actor={actor} />}</CounterGate>;
}
