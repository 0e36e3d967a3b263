import { ShieldAlert } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { CompaniesList } from "../features/admin/companies-list";
import { RegisterBusinessForm } from "../features/admin/register-business-form";
import { AdminWithdrawalsQueue } from "../features/cashback/admin-withdrawals-queue";
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

/** One titled part of the admin page; its id is the anchor the overview's queue links jump to. */
function AdminSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h2 id={id} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        {description && <p className="text-sm text-stone-600">{description}</p>}
      </div>
      {children}
    </section>
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
                ? "Proofs, payments and withdrawals to check, draws, businesses, their plans and their setup links."
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
                <Link to={paths.adminUssd} className="text-amber-800 hover:underline">
                  USSD simulator
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
            <AdminSection id="today-title" title="Today">
              <AdminOverviewPanel />
            </AdminSection>
            <AdminSection
              id="members-title"
              title="Members"
              description="Find a member to see their balances, ledger, devices, rewards and risk; suspend or reactivate them, or make them staff or an admin."
            >
              <MembersSection />
            </AdminSection>
          </>
        )}
        <AdminSection
          id="share-proofs-title"
          title="Share proofs"
          description="Open each post or screenshot: verify it if it really shares the reward (the member earns 20 XP), or reject it with a note the member sees."
        >
          <StaffShareProofsQueue />
        </AdminSection>
        <AdminSection
          id="purchases-title"
          title="Purchases"
          description="Open each receipt: verify it if the business, amount and receipt number match (the member may then review the business), or reject it with a reason the member sees. Flagged receipts were sent before."
        >
          <PurchasesQueue />
        </AdminSection>
        {isAdmin && (
          <>
            <AdminSection
              id="payments-title"
              title="Payments"
              description="Check each manual MoMo payment against the merchant account (amount, reference, transaction ID), then verify it or reject it with a reason. The payer is told either way."
            >
              <AdminPaymentsQueue />
            </AdminSection>
            <AdminSection
              id="withdrawals-title"
              title="Withdrawals"
              description="Members' cashback on its way to their MoMo. Approve or reject those in review (risk score and reason beside each); without Paystack, send the queued ones by MoMo yourself and approve each with its transaction ID. A rejected withdrawal goes back to the member's cashback."
            >
              <AdminWithdrawalsQueue />
            </AdminSection>
            <AdminSection
              id="draws-title"
              title="Draws and competitions"
              description="Announce the prize and the public randomness source while a draw is open; run it once entries close. The result is public and anyone can re-check it."
            >
              <AdminDrawsSection />
            </AdminSection>
            <AdminSection
              id="settings-title"
              title="Platform settings"
              description="What the platform runs on: XP, prices, points and limits, draws, anti-cheat and the manual MoMo account. Each change applies at once and is recorded in the audit log."
            >
              <PlatformSettingsSection />
            </AdminSection>
            <AdminSection
              id="audit-title"
              title="Audit log"
              description="What admins and staff changed, newest first: members, businesses, cases, settings, payments, proofs, draws and signups."
            >
              <AuditLogSection />
            </AdminSection>
            <AdminSection
              id="jobs-title"
              title="Scheduled jobs"
              description="Each job runs once per period across every server; a failure is retried after 1, 2, 4… minutes (up to six tries)."
            >
              <ScheduledJobsSection />
            </AdminSection>
            <AdminSection
              id="signups-title"
              title="Early-access signups"
              description="People who asked to join before launch, and businesses interested in Anigye. Export them as CSV, or invite one: they get a registration link and the signup is marked converted."
            >
              <AdminSignupsSection />
            </AdminSection>
            <AdminSection id="companies-title" title="Businesses">
              <CompaniesList />
            </AdminSection>
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
