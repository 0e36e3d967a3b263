import { useSearchParams } from "react-router";
import { AdminFullPage } from "../components/admin-full-page";
import { FraudFeedSection } from "../features/members-admin/fraud-feed-section";
import { ViolationsSection } from "../features/members-admin/violations-section";

/** `/admin-anti-cheat` (full page, admins only): the case queue and the fraud signal feed. */
export default function AdminAntiCheatPage() {
  const [params] = useSearchParams();
  const userId = params.get("userId") ?? undefined;
  return (
    <AdminFullPage
      title="Anti-cheat"
      intro="Cases open when a member's risk score reaches the threshold (a platform setting, with the weight of each signal). Read the evidence, then decide; every decision is kept with the case and in the audit log."
      columnClass="max-w-5xl space-y-6"
    >
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
    </AdminFullPage>
  );
}
