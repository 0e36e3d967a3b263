import { useState } from "react";
import {
  type AdminMemberDetail,
  memberRoleRequest,
  memberStatusRequest,
} from "../../../shared/contracts/admin-members";
import { FormActions } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { Form, SelectField, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useSetMemberRole, useSetMemberStatus } from "./api";

type Member = AdminMemberDetail["member"];

/** Suspend (with the reason the member will read) or reactivate. */
function StatusForm({ member, onDone }: { member: Member; onDone(): void }) {
  const change = useSetMemberStatus(member.id);
  const [alert, setAlert] = useState<string | null>(null);
  const suspending = member.status === "active";
  const form = useContractForm(memberStatusRequest, {
    defaultValues: { status: suspending ? "suspended" : "active", reason: "" },
  });
  return (
    <Form
      form={form}
      aria-label={suspending ? `Suspend ${member.displayName}` : `Reactivate ${member.displayName}`}
      className="space-y-2 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200"
      onValid={(body) => {
        setAlert(null);
        change.mutate(body, {
          onSuccess: () => {
            toast({
              title: suspending ? "Member suspended" : "Member reactivated",
              description: suspending
                ? `${member.displayName} is signed out everywhere and will see your reason.`
                : `${member.displayName} can sign in again.`,
            });
            onDone();
          },
          onError: (failure) => {
            const shown = applyServerErrors(form, failure);
            if (Object.keys(shown).length === 0) setAlert(serverMessage(failure) ?? "Please try again.");
          },
        });
      }}
    >
      <TextField
        name="reason"
        label={suspending ? "Reason (the member reads it when they try to sign in)" : "Reason"}
        maxLength={500}
        required
      />
      <FormActions
        alert={alert}
        submitLabel={suspending ? "Suspend" : "Reactivate"}
        submitVariant={suspending ? "danger" : "primary"}
        submitTestId="member-status-submit"
        pending={change.isPending}
        pendingLabel="Saving…"
        onCancel={onDone}
      />
    </Form>
  );
}

const roleLabels = {
  user: "Member",
  staff: "Platform staff (proof queues)",
  admin: "Admin (everything)",
} as const;

function RoleForm({ member, onDone }: { member: Member; onDone(): void }) {
  const change = useSetMemberRole(member.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(memberRoleRequest, { defaultValues: { role: member.role, reason: "" } });
  return (
    <Form
      form={form}
      aria-label={`Change ${member.displayName}'s role`}
      className="space-y-2 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200"
      onValid={(body) => {
        setAlert(null);
        change.mutate(body, {
          onSuccess: (saved) => {
            toast({
              title: "Role changed",
              description: `${saved.displayName} is now: ${roleLabels[saved.role]}.`,
            });
            onDone();
          },
          onError: (failure) => {
            const shown = applyServerErrors(form, failure);
            if (Object.keys(shown).length === 0) setAlert(serverMessage(failure) ?? "Please try again.");
          },
        });
      }}
    >
      <SelectField name="role" label="Role">
        {(Object.keys(roleLabels) as (keyof typeof roleLabels)[]).map((role) => (
          <option key={role} value={role}>
            {roleLabels[role]}
          </option>
        ))}
      </SelectField>
      <TextField name="reason" label="Reason" maxLength={500} required />
      <FormActions
        alert={alert}
        submitLabel="Change role"
        pending={change.isPending}
        pendingLabel="Saving…"
        onCancel={onDone}
      />
    </Form>
  );
}

/** The admin's actions on a member: suspend or reactivate, and make staff or admin. */
export function MemberActions({ member }: { member: Member }) {
  const [open, setOpen] = useState<"status" | "role" | null>(null);
  if (open === "status") return <StatusForm member={member} onDone={() => setOpen(null)} />;
  if (open === "role") return <RoleForm member={member} onDone={() => setOpen(null)} />;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant={member.status === "active" ? "danger" : "primary"}
        className="min-h-11"
        onClick={() => setOpen("status")}
      >
        {member.status === "active" ? "Suspend…" : "Reactivate…"}
      </Button>
      <Button variant="secondary" className="min-h-11" onClick={() => setOpen("role")}>
        Change role…
      </Button>
    </div>
  );
}
