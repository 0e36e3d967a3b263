import { BarChart3, Coins, ScanLine } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import type { CounterActor } from "../../shared/contracts/counter";
import { companyDashboardPath, paths } from "../app/paths";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { PageSpinner } from "../components/ui/page-spinner";
import { useOfflineSync } from "../features/counter/api";
import { counterWideButtonClass } from "../features/counter/counter-buttons";
import { CounterGate } from "../features/counter/counter-gate";
import { CounterHeader } from "../features/counter/counter-header";
import { CounterLog } from "../features/counter/counter-log";
import { SyncStatus } from "../features/counter/sync-status";
import { useT } from "../lib/i18n";

/**
 * The points form opens on a tap: it brings the form and validation libraries, which the counter's first
 * screen (scan, today's log) doesn't need. Pressing the button starts the download.
 */
const loadPointsForm = () => import("../features/counter/points-form");
const PointsForm = lazy(() => loadPointsForm().then(({ PointsForm }) => ({ default: PointsForm })));

/** The button that opened the form is gone: the form's first field takes the focus once it is here. */
function FocusedOnArrival({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.querySelector("input")?.focus(), []);
  return <div ref={ref}>{children}</div>;
}

function GrantPoints({ actor }: { actor: CounterActor }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        aria-expanded={false}
        onPointerDown={() => void loadPointsForm()}
        onClick={() => setOpen(true)}
        className={counterWideButtonClass}
      >
        <Coins className="size-6" aria-hidden />
        {t("counter.points.grant")}
      </button>
    );
  }
  return (
    <Card title={t("counter.points.grant")}>
      <Suspense fallback={<PageSpinner />}>
        <FocusedOnArrival>
          <PointsForm actor={actor} />
        </FocusedOnArrival>
      </Suspense>
    </Card>
  );
}

function CounterHome({ actor }: { actor: CounterActor }) {
  const { needsSignIn, syncNow } = useOfflineSync(actor.companyId);
  const isOwner = actor.kind === "owner";
  const t = useT();
  return (
    <main className="min-h-dvh bg-stone-100">
      <div className="mx-auto max-w-md space-y-4 px-4 py-4">
        <CounterHeader
          actor={actor}
          title={t("counter.home.title")}
          showSignOut={!isOwner}
          backTo={
            isOwner
              ? { to: companyDashboardPath(actor.companyId), label: t("counter.backToDashboard") }
              : undefined
          }
        />
        <SyncStatus companyId={actor.companyId} needsSignIn={needsSignIn} onSyncNow={() => void syncNow()} />
        <Link
          to={isOwner ? paths.vendorScan : paths.merchantScanner}
          className="flex min-h-24 items-center justify-center gap-3 rounded-3xl bg-stone-950 text-3xl font-extrabold text-white shadow-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-amber-400"
        >
          <ScanLine className="size-9" aria-hidden />
          {t("counter.home.scan")}
        </Link>
        <p className="-mt-2 text-center text-sm font-medium text-stone-700">{t("counter.home.scanHint")}</p>
        <GrantPoints actor={actor} />
        <CounterLog companyId={actor.companyId} />
        <Link to={paths.merchantDashboard} className={buttonClass("secondary", "min-h-12 w-full")}>
          <BarChart3 className="size-5" aria-hidden /> {t("counter.dashboard.title")}
        </Link>
      </div>
    </main>
  );
}

/** `/merchant`: the counter staff's home (scan, grant points, today's log, sign out). */
export default function MerchantPage() {
  const t = useT();
  useEffect(() => {
    document.title = t("counter.home.pageTitle", { brand: brand.name });
  }, [t]);
  return (
    <CounterGate signInPath={paths.merchantLogin}>{(actor) => <CounterHome actor={actor} />}</CounterGate>
  );
}
