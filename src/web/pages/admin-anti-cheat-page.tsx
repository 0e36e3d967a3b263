import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { NotAllowed } from "../components/not-allowed";
import { FraudFeedSection } from "../features/members-admin/fraud-feed-section";
import { ViolationsSection } from "../features/members-admin/violations-section";
import { useAuth } from "../lib/auth";

/** `/admin-anti-cheat` (full page, admins only): the case queue and the fraud signal feed. */
export default function AdminAntiCheatPage() {
  const { user, isAdmin } = useAuth();
  const [params] = useSearchParams();
  const userId = params.get("userId") ?? undefined;

  useEffect(() => {
    document.title = `Anti-cheat · ${brand.name} admin`;
  }, []);

  if (!isAdmin) return <NotAllowed signedIn={user !== null} audience="platform admins" />;
  return (
    <div className="min-h-dvh bg-stone-50">
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-3xl font-extrabold text-stone-900">Anti-cheat</h1>
            <p className="text-stone-600">
              Cases open when a member's risk score reaches the threshold (a platform setting, with the weight
              of each signal). Read the evidence, then decide; every decision is kept with the case and in the
              audit log.
            </p>
          </div>
          <Link to={paths.admin} className="text-sm font-semibold text-amber-800 hover:underline">
            Back to admin
          </Link>
        </header>
        <section aria-labelledby="cases-title" className="space-y-3">
          <h2 id="cases-title" className="text-xl font-bold text-stone-900">
            Cases
          </h2>
          <ViolationsSection />
        </section>
        <section aria-labelledby="signals-title" className="space-y-3">
          <h2 id="signals-title" className="text-xl font-bold text-stone-900">
            Fraud signals
          </h2>
          <FraudFeedSection key={userId ?? ""} initialUserId={userId} />
        </section>
      </div>
    </div>
  );
}
