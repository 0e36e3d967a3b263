import { useState } from "react";
import { PageSwitcher } from "../../components/page-switcher";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useViolations } from "./anti-cheat-api";
import { ViolationCard } from "./violation-card";

const tabs = [
  { status: "pending", label: "To review" },
  { status: "actioned", label: "Actioned" },
  { status: "reviewed", label: "Warned" },
  { status: "dismissed", label: "Dismissed" },
] as const;

/** The review queue: cases opened when a member's risk reached the threshold, oldest first. */
export function ViolationsSection() {
  const [status, setStatus] = useState<(typeof tabs)[number]["status"]>("pending");
  const [page, setPage] = useState(1);
  const cases = useViolations(status, page);
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Which cases</legend>
        {tabs.map((tab) => (
          <Button
            key={tab.status}
            variant={tab.status === status ? "primary" : "secondary"}
            aria-pressed={tab.status === status}
            className="min-h-11"
            onClick={() => {
              setStatus(tab.status);
              setPage(1);
            }}
          >
            {tab.label}
          </Button>
        ))}
      </fieldset>
      {cases.isPending && <Skeleton className="h-40" />}
      {cases.isError && (
        <p role="alert" className="text-sm text-stone-800">
          We couldn't load the cases.{" "}
          <Button variant="secondary" onClick={() => void cases.refetch()}>
            Try again
          </Button>
        </p>
      )}
      {cases.data && cases.data.items.length === 0 && (
        <p className="rounded-2xl bg-white p-4 text-stone-700 ring-1 ring-stone-200">
          {status === "pending"
            ? "No cases waiting. New ones open when a member's risk reaches the threshold."
            : "No cases here."}
        </p>
      )}
      {cases.data && cases.data.items.length > 0 && (
        <ul className="space-y-3" data-testid="violations">
          {cases.data.items.map((violation) => (
            <ViolationCard key={violation.id} violation={violation} />
          ))}
        </ul>
      )}
      {cases.data && (
        <PageSwitcher
          page={page}
          pageSize={cases.data.pageSize}
          total={cases.data.total}
          onPage={setPage}
          label="cases"
        />
      )}
    </div>
  );
}
