import { WifiOff } from "lucide-react";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { CounterActor } from "../../../shared/contracts/counter";
import { paths } from "../../app/paths";
import { LoadError } from "../../components/ui/load-error";
import { PageSpinner } from "../../components/ui/page-spinner";
import { useT } from "../../lib/i18n";
import { useCounterSession } from "./api";
import { counterSignInFor } from "./return-to-counter";

interface CounterGateProps {
  /** Where someone with no counter session goes: the staff sign-in, or the owner's. */
  signInPath: string;
  children(actor: CounterActor): ReactNode;
}

/**
 * The counter pages need a staff member or the owner (the server checks every call again). With no
 * connection the phone's copy of who signed in is used, so scans can still be queued.
 */
export function CounterGate({ signInPath, children }: CounterGateProps) {
  const session = useCounterSession();
  const location = useLocation();
  const t = useT();
  if (session.isPending) return <PageSpinner label={t("counter.gate.checking")} />;
  if (session.error) return <LoadError onRetry={session.refetch} />;
  if (!session.actor) {
    // Staff sign in and come back to the page they opened (the scanner, say), not the counter's home.
    const to =
      signInPath === paths.merchantLogin ? counterSignInFor(location.pathname + location.search) : signInPath;
    return <Navigate to={to} replace />;
  }
  return (
    <>
      {session.isOfflineCopy && (
        <p
          role="status"
          className="flex items-center justify-center gap-2 bg-stone-950 px-4 py-2 text-center text-sm font-semibold text-white"
        >
          <WifiOff className="size-4 text-amber-300" aria-hidden />
          {t("counter.gate.offlineCopy")}
        </p>
      )}
      {children(session.actor)}
    </>
  );
}
