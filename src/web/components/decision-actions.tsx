import { useState } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../lib/api-client";
import { serverMessage } from "../lib/api-errors";
import { applyServerErrors, useContractForm } from "../lib/forms";
import { FormActions } from "./form-actions";
import { Button } from "./ui/button";
import { Form, TextField } from "./ui/form-field";
import { type ToastInput, toast } from "./ui/use-toast";

/** One queued row's decision, e.g. `useDecidePurchase(purchase.id)` (it re-reads the queue on a 409). */
interface DecisionMutation<Decision> {
  mutate(decision: Decision, callbacks: { onSuccess(): void; onError(failure: unknown): void }): void;
  isPending: boolean;
}

interface RejectSetup<Decision> {
  schema: z.ZodType<Decision, FieldValues>;
  defaultValues: DefaultValues<FieldValues>;
  /** The form's accessible name, e.g. "Reject the purchase by Ama". */
  formLabel: string;
  /** The text box whose words the member sees. */
  field: { name: string; label: string; placeholder: string };
  /** The toast once rejected, and the title of the one when rejecting fails. */
  done: ToastInput;
  failedTitle: string;
}

interface DecisionActionsProps<Decision> {
  decide: DecisionMutation<Decision>;
  verify: { decision: Decision; done: ToastInput; failedTitle: string };
  reject: RejectSetup<Decision>;
}

/** A 409: another staff member decided it first (the queue is read again, so it drops out). */
function showDecisionFailed(title: string, failure: unknown) {
  if (failure instanceof ApiError && failure.status === 409) {
    toast({ title: "Already decided by someone else", description: "The queue has been refreshed." });
    return;
  }
  toast({ title, description: serverMessage(failure) ?? "Please try again.", variant: "destructive" });
}

function RejectForm<Decision>({
  decide,
  setup,
  onCancel,
}: {
  decide: DecisionMutation<Decision>;
  setup: RejectSetup<Decision>;
  onCancel(): void;
}) {
  const form = useContractForm(setup.schema, { defaultValues: setup.defaultValues });
  return (
    <Form
      form={form}
      aria-label={setup.formLabel}
      className="space-y-2 rounded-xl bg-red-50 p-3 ring-1 ring-red-200"
      onValid={(decision) =>
        decide.mutate(decision, {
          onSuccess: () => toast(setup.done),
          onError: (failure) => {
            applyServerErrors(form, failure);
            showDecisionFailed(setup.failedTitle, failure);
          },
        })
      }
    >
      <TextField
        name={setup.field.name}
        label={setup.field.label}
        maxLength={500}
        placeholder={setup.field.placeholder}
      />
      <FormActions
        submitLabel="Reject"
        submitVariant="danger"
        pending={decide.isPending}
        pendingLabel="Rejecting…"
        onCancel={onCancel}
      />
    </Form>
  );
}

/**
 * A staff queue row's Verify and "Reject…" buttons; rejecting opens a form for the words the member
 * sees. Each decision's outcome is toasted.
 */
export function DecisionActions<Decision>({ decide, verify, reject }: DecisionActionsProps<Decision>) {
  const [rejecting, setRejecting] = useState(false);
  if (rejecting) return <RejectForm decide={decide} setup={reject} onCancel={() => setRejecting(false)} />;
  const onVerify = () =>
    decide.mutate(verify.decision, {
      onSuccess: () => toast(verify.done),
      onError: (failure) => showDecisionFailed(verify.failedTitle, failure),
    });
  return (
    <div className="flex flex-wrap gap-2">
      <Button className="min-h-11" onClick={onVerify} pending={decide.isPending} pendingLabel="Verifying…">
        Verify
      </Button>
      <Button
        variant="secondary"
        className="min-h-11"
        onClick={() => setRejecting(true)}
        disabled={decide.isPending}
      >
        Reject…
      </Button>
    </div>
  );
}
