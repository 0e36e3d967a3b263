import { useState } from "react";
import { type ViolationItem, violationDecisionRequest } from "../../../shared/contracts/anti-cheat";
import { FormActions } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { ChoiceGroupField, Form, TextAreaField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api-client";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDateTime } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useDecideViolation } from "./anti-cheat-api";
import { MemberPanel } from "./member-panel";
import { signalLabel } from "./signal-labels";

const actionChoices = [
  { value: "reverse", label: "Reverse what was earned (XP and unused rewards from the ads in the evidence)" },
  { value: "suspend", label: "Suspend the member (signed out; told your note when signing in)" },
  { value: "warn", label: "Warn the member (they get your note as a notice)" },
  { value: "dismiss", label: "Dismiss (nothing wrong)" },
];

function DecisionForm({ violation }: { violation: ViolationItem }) {
  const decide = useDecideViolation(violation.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(violationDecisionRequest, { defaultValues: { action: "reverse", notes: "" } });
  return (
    <Form
      form={form}
      aria-label={`Decide case ${violation.id}`}
      className="space-y-2 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200"
      onValid={(body) => {
        setAlert(null);
        decide.mutate(body, {
          onSuccess: (result) =>
            toast({ title: `Case ${violation.id} decided`, description: result.message }),
          onError: (failure) => {
            if (failure instanceof ApiError && failure.status === 409) {
              toast({
                title: "Already decided by another admin",
                description: "The queue has been refreshed.",
              });
              return;
            }
            const shown = applyServerErrors(form, failure);
            if (Object.keys(shown).length === 0) setAlert(serverMessage(failure) ?? "Please try again.");
          },
        });
      }}
    >
      <ChoiceGroupField name="action" label="Decision" options={actionChoices} />
      <TextAreaField
        name="notes"
        label="Notes (why; kept with the case and the audit log)"
        maxLength={1000}
        rows={2}
        required
      />
      <FormActions
        alert={alert}
        submitLabel="Decide"
        submitTestId={`decide-${violation.id}`}
        pending={decide.isPending}
        pendingLabel="Deciding…"
        onCancel={() => form.reset()}
      />
    </Form>
  );
}

/** One case: who, why the score, the signals behind it, and the decision (or what was decided). */
export function ViolationCard({ violation }: { violation: ViolationItem }) {
  const [showMember, setShowMember] = useState(false);
  const member = violation.member;
  return (
    <li
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      data-testid="violation"
      data-violation-id={violation.id}
      data-status={violation.status}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold text-stone-900">
          {member ? `${member.displayName}` : "A deleted member"}{" "}
          <span className="text-sm font-normal text-stone-600">
            {member
              ? `${member.email} · ${member.anigyeId}${member.status === "suspended" ? " · suspended" : ""}`
              : ""}
          </span>
        </h3>
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-bold text-red-900">
          Risk {violation.evidence.score} · {violation.severity}
        </span>
      </div>
      <p className="text-sm text-stone-800" data-testid="violation-why">
        Why {violation.evidence.score}: {violation.evidence.reasons.map((reason) => reason.text).join(", ")}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-amber-800">
          Evidence: {violation.evidence.signals.length} signals
        </summary>
        <ul className="mt-2 space-y-1" data-testid="violation-evidence">
          {violation.evidence.signals.map((signal) => (
            <li key={signal.id} className="rounded-lg bg-stone-50 p-2">
              <span className="font-semibold">{signalLabel(signal.type)}</span> ·{" "}
              {formatAccraDateTime(signal.at)}
              {signal.adId !== null && ` · ad #${signal.adId}`}
              {signal.deviceFingerprint && (
                <span className="break-all"> · device {signal.deviceFingerprint}</span>
              )}
              <code className="mt-1 block font-mono text-xs break-all text-stone-700">{signal.details}</code>
            </li>
          ))}
        </ul>
      </details>
      {violation.status === "pending" ? (
        <DecisionForm violation={violation} />
      ) : (
        <p className="text-sm text-stone-800">
          Decided: <strong>{violation.actionTaken}</strong>
          {violation.reviewedAt && ` on ${formatAccraDateTime(violation.reviewedAt)}`}.{" "}
          {violation.reviewNotes}
        </p>
      )}
      {violation.userId !== null &&
        (showMember ? (
          <MemberPanel userId={violation.userId} onClose={() => setShowMember(false)} />
        ) : (
          <Button variant="secondary" className="min-h-11" onClick={() => setShowMember(true)}>
            Open member<span className="sr-only"> {member?.displayName}</span>
          </Button>
        ))}
    </li>
  );
}
