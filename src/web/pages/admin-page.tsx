import { ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { CompaniesList } from "../features/admin/companies-list";
import { RegisterBusinessForm } from "../features/admin/register-business-form";
import { AdminDrawsSection } from "../features/draws/admin-draws-section";
import { AdminOverviewPanel } from "../features/members-admin/admin-overview";
import { MembersSection } from "../features/members-admin/members-section";
import { AdminPaymentsQueue } from "../features/payments/admin-payments-queue";
import { AuditLogSection } from "../features/platform-admin/audit-log-section";
import { ScheduledJobsSection } from "../features/platform-admin/jobs-section";
import { PlatformSettingsSection } from "../features/platform-admin/platform-settings-section";
import { PurchasesQueue } from "../features/purchases/purchases-queue";
import { StaffShareProofsQueue } from "../features/share-proofs/staff-share-proofs-queue";
import { AdminSignupsSection } from "../features/signups/admin-signups-section";
import { useAuth } from "../lib/auth";

function NotAllowed({ signedIn }: { signedIn: boolean }) {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center" data-testid="admin-not-allowed">
      <ShieldAlert className="mx-auto size-12 text-red-600" aria-hidden />
      <h1 className="mt-3 text-xl font-bold text-stone-900">You're not allowed here</h1>
      <p className="mt-2 text-stone-600">
        {signedIn
          ? "This area is for platform admins and staff only."
          : "This area is for platform admins and staff. Sign in with an admin or staff account."}
      </p>
      <div className="mt-5 flex justify-center gap-2">
        <Link to={paths.home} className={buttonClass("primary")}>
          Go home
        </Link>
        {!signedIn && (
          <Link to={paths.login} className={buttonClass("secondary")}>
            Sign in
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * `/admin` (full page): admins see everything; staff see only the proof queues (the server refuses
 * everyone else, and staff outside those queues, too).
 */
export default function AdminPage() {
  const { user, isAdmin } = useAuth();
  const isStaff = user?.role === "staff";

  useEffect(() => {
    document.title = `Admin · ${brand.name}`;
  }, []);

  if (!isAdmin && !isStaff) return <NotAllowed signedIn={user !== null} />;
  return (
    <div className="min-h-dvh bg-stone-50">
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-3xl font-extrabold text-stone-900">{brand.name} admin</h1>
            <p className="text-stone-600">
              {isAdmin
                ? "Proofs and payments to check, draws, businesses, their plans and their setup links."
                : "Members' proofs to check."}
            </p>
          </div>
          <nav aria-label="Admin pages" className="flex flex-wrap gap-3 text-sm font-semibold">
            {isAdmin && (
              <>
                <Link to={paths.adminAntiCheat} className="text-amber-800 hover:underline">
                  Anti-cheat
                </Link>
                <Link to={paths.adminOAuthConfig} className="text-amber-800 hover:underline">
                  Sign-in settings
                </Link>
              </>
            )}
            <Link to={paths.home} className="text-amber-800 hover:underline">
              Back to the app
            </Link>
          </nav>
        </header>
        {isAdmin && (
          <>
            <section aria-labelledby="today-title" className="space-y-3">
              <h2 id="today-title" className="text-xl font-bold text-stone-900">
                Today
              </h2>
              <AdminOverviewPanel />
            </section>
            <section aria-labelledby="members-title" className="space-y-3">
              <div>
                <h2 id="members-title" className="text-xl font-bold text-stone-900">
                  Members
                </h2>
                <p className="text-sm text-stone-600">
                  Find a member to see their balances, ledger, devices, rewards and risk; suspend or
                  reactivate them, or make them staff or an admin.
                </p>
              </div>
              <MembersSection />
            </section>
          </>
        )}
        <section aria-labelledby="share-proofs-title" className="space-y-3">
          <div>
            <h2 id="share-proofs-title" className="text-xl font-bold text-stone-900">
              Share proofs
            </h2>
            <p className="text-sm text-stone-600">
              Open each post or screenshot: verify it if it really shares the reward (the member earns 20 XP),
              or reject it with a note the member sees.
            </p>
          </div>
          <StaffShareProofsQueue />
        </section>
        <section aria-labelledby="purchases-title" className="space-y-3">
          <div>
            <h2 id="purchases-title" className="text-xl font-bold text-stone-900">
              Purchases
            </h2>
            <p className="text-sm text-stone-600">
              Open each receipt: verify it if the business, amount and receipt number match (the member may
              then review the business), or reject it with a reason the member sees. Flagged receipts were
              sent before.
            </p>
          </div>
          <PurchasesQueue />
        </section>
        {isAdmin && (
          <>
            <section aria-labelledby="payments-title" className="space-y-3">
              <div>
                <h2 id="payments-title" className="text-xl font-bold text-stone-900">
                  Payments
                </h2>
                <p className="text-sm text-stone-600">
                  Check each manual MoMo payment against the merchant account (amount, reference, transaction
                  ID), then verify it or reject it with a reason. The payer is told either way.
                </p>
              </div>
              <AdminPaymentsQueue />
            </section>
            <section aria-labelledby="draws-title" className="space-y-3">
              <div>
                <h2 id="draws-title" className="text-xl font-bold text-stone-900">
                  Draws and competitions
                </h2>
                <p className="text-sm text-stone-600">
                  Announce the prize and the public randomness source while a draw is open; run it once
                  entries close. The result is public and anyone can re-check it.
                </p>
              </div>
              <AdminDrawsSection />
            </section>
            <section aria-labelledby="settings-title" className="space-y-3">
              <div>
                <h2 id="settings-title" className="text-xl font-bold text-stone-900">
                  Platform settings
                </h2>
                <p className="text-sm text-stone-600">
                  What the platform runs on: XP, prices, points and limits, draws, anti-cheat and the manual
                  MoMo account. Each change applies at once and is recorded in the audit log.
                </p>
              </div>
              <PlatformSettingsSection />
            </section>
            <section aria-labelledby="audit-title" className="space-y-3">
              <div>
                <h2 id="audit-title" className="text-xl font-bold text-stone-900">
                  Audit log
                </h2>
                <p className="text-sm text-stone-600">
                  What admins and staff changed, newest first: settings, payments, purchases, share proofs,
                  draws and competitions.
                </p>
              </div>
              <AuditLogSection />
            </section>
            <section aria-labelledby="jobs-title" className="space-y-3">
              <div>
                <h2 id="jobs-title" className="text-xl font-bold text-stone-900">
                  Scheduled jobs
                </h2>
                <p className="text-sm text-stone-600">
                  Each job runs once per period across every server; a failure is retried after 1, 2, 4…
                  minutes (up to six tries).
                </p>
              </div>
              <ScheduledJobsSection />
            </section>
            <section aria-labelledby="signups-title" className="space-y-3">
              <div>
                <h2 id="signups-title" className="text-xl font-bold text-stone-900">
                  Early-access signups
                </h2>
                <p className="text-sm text-stone-600">
                  People who asked to join before launch, and businesses interested in Anigye. Export them as
                  CSV, or invite one: they get a registration link and the signup is marked converted.
                </p>
              </div>
              <AdminSignupsSection />
            </section>
            <section aria-labelledby="companies-title" className="space-y-3">
              <h2 id="companies-title" className="text-xl font-bold text-stone-900">
                Businesses
              </h2>
              <CompaniesList />
            </section>
            <Card
              title="Register a business"
              description="The owner gets a setup link to choose a username and password."
            >
              <RegisterBusinessForm />
            </Card>
          </>
        )}
      </div>
    </div>
  );
}
