import { ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { CompaniesList } from "../features/admin/companies-list";
import { RegisterBusinessForm } from "../features/admin/register-business-form";
import { AdminPaymentsQueue } from "../features/payments/admin-payments-queue";
import { useAuth } from "../lib/auth";

function NotAllowed({ signedIn }: { signedIn: boolean }) {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center" data-testid="admin-not-allowed">
      <ShieldAlert className="mx-auto size-12 text-red-600" aria-hidden />
      <h1 className="mt-3 text-xl font-bold text-stone-900">You're not allowed here</h1>
      <p className="mt-2 text-stone-600">
        {signedIn
          ? "This area is for platform admins only."
          : "This area is for platform admins. Sign in with an admin account."}
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

/** `/admin` (full page, admins only; the server refuses everyone else too). */
export default function AdminPage() {
  const { user, isAdmin } = useAuth();

  useEffect(() => {
    document.title = `Admin · ${brand.name}`;
  }, []);

  if (!isAdmin) return <NotAllowed signedIn={user !== null} />;
  return (
    <div className="min-h-dvh bg-stone-50">
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-3xl font-extrabold text-stone-900">{brand.name} admin</h1>
            <p className="text-stone-600">
              Payments to check, businesses, their plans and their setup links.
            </p>
          </div>
          <Link to={paths.home} className="text-sm font-semibold text-amber-800 hover:underline">
            Back to the app
          </Link>
        </header>
        <section aria-labelledby="payments-title" className="space-y-3">
          <div>
            <h2 id="payments-title" className="text-xl font-bold text-stone-900">
              Payments
            </h2>
            <p className="text-sm text-stone-600">
              Check each manual MoMo payment against the merchant account (amount, reference, transaction ID),
              then verify it or reject it with a reason. The payer is told either way.
            </p>
          </div>
          <AdminPaymentsQueue />
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
      </div>
    </div>
  );
}
