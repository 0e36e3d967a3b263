import { UserPlus } from "lucide-react";
import { useState } from "react";
import { createStaffRequest, type StaffMember } from "../../../shared/contracts/companies";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { Form, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDateTime } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useAddStaff, useDeactivateStaff, useStaff } from "./api";

function AddStaffForm({ companyId }: { companyId: number }) {
  const add = useAddStaff(companyId);
  const form = useContractForm(createStaffRequest, { defaultValues: { name: "", pin: "" } });

  const submit = (member: { name: string; pin: string }) =>
    add.mutate(member, {
      onSuccess: (added) => {
        form.reset();
        toast({ title: "Staff added", description: `${added.name} is on your staff list.` });
      },
      onError: (failure) =>
        applyServerErrors(form, failure, { fallbackField: "name", fallbackMessage: "Please try again." }),
    });

  return (
    <Form form={form} onValid={submit} aria-label="Add staff" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" autoComplete="off" />
        <TextField
          name="pin"
          label="PIN"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          hint="4 to 6 digits. Share it with this person only."
        />
      </div>
      <Button type="submit" pending={add.isPending} pendingLabel="Adding…">
        <UserPlus className="size-4" aria-hidden /> Add staff
      </Button>
    </Form>
  );
}

/**
 * The Staff tab: the business's counter staff, each with a PIN. Nothing signs in with the PIN yet (the
 * counter arrives later), so the copy says what the list is, not what it will do.
 */
export function StaffSection({ companyId }: { companyId: number }) {
  const query = useStaff(companyId);
  const deactivate = useDeactivateStaff(companyId);
  const [confirming, setConfirming] = useState<StaffMember | null>(null);

  const confirm = () => {
    if (!confirming) return;
    deactivate.mutate(confirming.id, {
      onSuccess: (member) => {
        toast({
          title: "Staff deactivated",
          description: `${member.name} is no longer on your active staff.`,
        });
        setConfirming(null);
      },
      onError: (failure) =>
        toast({
          title: "Could not deactivate",
          description: serverMessage(failure) ?? "Please try again.",
          variant: "destructive",
        }),
    });
  };

  return (
    <div className="space-y-4">
      <Card
        title="Counter staff"
        description="The people who serve customers at your counter, each with a PIN of their own."
      >
        {query.isPending ? (
          <div role="status" aria-label="Loading staff" className="space-y-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <p className="text-stone-600" data-testid="staff-empty">
            No staff yet. Add the people who serve customers at your counter.
          </p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label="Staff">
            {query.data.map((member) => (
              <li key={member.id} className="flex items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold text-stone-900">{member.name}</p>
                  <p className="text-xs text-stone-500">
                    {member.isActive ? "Active" : "Deactivated"}
                    {member.lastLoginAt ? ` · last signed in ${formatAccraDateTime(member.lastLoginAt)}` : ""}
                  </p>
                </div>
                {member.isActive && (
                  <Button
                    variant="ghost"
                    className="px-3 py-1.5 text-sm text-red-700 hover:bg-red-50"
                    onClick={() => setConfirming(member)}
                    aria-label={`Deactivate ${member.name}`}
                  >
                    Deactivate
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="New staff member">
        <AddStaffForm companyId={companyId} />
      </Card>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Deactivate this staff member?"
      >
        <p className="text-stone-700">
          {confirming?.name} will be marked as deactivated and their PIN retired. You can add them again
          later.
        </p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
          <Button
            variant="danger"
            pending={deactivate.isPending}
            pendingLabel="Deactivating…"
            onClick={confirm}
          >
            Deactivate
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
