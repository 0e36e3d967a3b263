import { Lock, UserPlus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { z } from "zod";
import type { Branch } from "../../../shared/contracts/branches";
import { createStaffRequest, type StaffMember } from "../../../shared/contracts/companies";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { inputClass, inputStateClass } from "../../components/ui/field-parts";
import { Form, SelectField, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { useBranches } from "../../lib/company-queries";
import { formatAccraDateTime, formatAccraTime } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useAddStaff, useAssignStaffBranch, useDeactivateStaff, useStaff, useUnlockStaff } from "./api";

/** True while a lock is in the future; turns false by itself when it runs out. */
function useStillLocked(lockedUntil: string | null): boolean {
  const until = lockedUntil ? Date.parse(lockedUntil) : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), until - Date.now() + 500);
    return () => clearTimeout(timer);
  }, [until]);
  return until > now;
}

function StaffLock({ companyId, member }: { companyId: number; member: StaffMember }) {
  const locked = useStillLocked(member.lockedUntil);
  const unlock = useUnlockStaff(companyId);
  if (!locked || !member.lockedUntil) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-red-800">
      <Lock className="size-4" aria-hidden />
      Locked until {formatAccraTime(member.lockedUntil)}
      <Button
        variant="secondary"
        className="min-h-9 px-3 py-1 text-sm"
        pending={unlock.isPending}
        pendingLabel="Unlocking…"
        aria-label={`Unlock ${member.name}`}
        onClick={() =>
          unlock.mutate(member.id, {
            onSuccess: (unlocked) =>
              toast({ title: "Unlocked", description: `${unlocked.name} can sign in at the counter again.` }),
            onError: (failure) =>
              toast({
                title: "Could not unlock",
                description: serverMessage(failure) ?? "Please try again.",
                variant: "destructive",
              }),
          })
        }
      >
        Unlock
      </Button>
    </p>
  );
}

/** The add form's fields: the branch select gives text ("" for none), sent as a branch id or null. */
const addStaffForm = createStaffRequest.extend({
  branchId: z.string().transform((value) => (value === "" ? null : Number(value))),
});

/** A choice of branch is offered only when there is more than one: one shop's work is recorded there anyway. */
function assignable(branches: Branch[] | undefined): Branch[] {
  return branches && branches.length > 1 ? branches : [];
}

function BranchOptions({ branches }: { branches: Branch[] }) {
  return (
    <>
      <option value="">No branch (works at any)</option>
      {branches.map((branch) => (
        <option key={branch.id} value={String(branch.id)}>
          {branch.name}
        </option>
      ))}
    </>
  );
}

function AddStaffForm({ companyId, branches }: { companyId: number; branches: Branch[] }) {
  const add = useAddStaff(companyId);
  const form = useContractForm(addStaffForm, { defaultValues: { name: "", pin: "", branchId: "" } });

  const submit = (member: z.output<typeof addStaffForm>) =>
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
        {branches.length > 0 && (
          <SelectField
            name="branchId"
            label="Branch"
            hint="Their work at the counter is counted at this branch."
          >
            <BranchOptions branches={branches} />
          </SelectField>
        )}
      </div>
      <Button type="submit" pending={add.isPending} pendingLabel="Adding…">
        <UserPlus className="size-4" aria-hidden /> Add staff
      </Button>
    </Form>
  );
}

/** Moves an active staff member to another branch as soon as the owner picks it. */
function StaffBranch({
  companyId,
  member,
  branches,
}: {
  companyId: number;
  member: StaffMember;
  branches: Branch[];
}) {
  const assign = useAssignStaffBranch(companyId);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const change = (value: string) => {
    setError(null);
    const branchId = value === "" ? null : Number(value);
    assign.mutate(
      { staffId: member.id, branchId },
      {
        onSuccess: (moved) => {
          const name = branches.find((branch) => branch.id === moved.branchId)?.name;
          toast({
            title: "Branch saved",
            description: name ? `${moved.name} now works at ${name}.` : `${moved.name} works at any branch.`,
          });
        },
        onError: (failure) =>
          setError(serverMessage(failure) ?? "Could not save the branch. Please try again."),
      },
    );
  };
  return (
    <div className="mt-2 max-w-xs">
      <label htmlFor={id} className="text-xs font-semibold text-stone-600">
        Branch
      </label>
      <select
        id={id}
        className={`${inputClass} ${inputStateClass(Boolean(error))} mt-1`}
        value={member.branchId === null ? "" : String(member.branchId)}
        disabled={assign.isPending}
        aria-label={`Branch of ${member.name}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => change(event.target.value)}
      >
        <BranchOptions branches={branches} />
        {member.branchId !== null && !branches.some((branch) => branch.id === member.branchId) && (
          <option value={String(member.branchId)}>A removed branch</option>
        )}
      </select>
      {error && (
        <p role="alert" className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The Staff tab: the business's counter staff, each with a PIN to sign in at the counter and a staff code
 * to confirm a customer's redemption on the customer's phone. Many wrong PINs close a name to new phones
 * for 15 minutes (the shop's own phone keeps working); the owner can lift that here. With two or more
 * branches, each staff member can be assigned to one (docs/product-rules.md#counter-branch-of-a-scan).
 */
export function StaffSection({ companyId }: { companyId: number }) {
  const query = useStaff(companyId);
  const branches = assignable(useBranches(companyId).data?.branches);
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
        description="The people who serve customers at your counter. Each signs in at the counter with your business username, their name and their own PIN."
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
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{member.name}</p>
                  <p className="text-xs text-stone-500">
                    {member.isActive ? "Active" : "Deactivated"}
                    {member.lastLoginAt ? ` · last signed in ${formatAccraDateTime(member.lastLoginAt)}` : ""}
                  </p>
                  {member.isActive && (
                    <p className="mt-1 text-sm text-stone-700">
                      Staff code for redemptions:{" "}
                      <span className="font-mono font-bold tracking-wider text-stone-950">
                        {member.staffCode}
                      </span>
                    </p>
                  )}
                  {member.isActive && <StaffLock companyId={companyId} member={member} />}
                  {member.isActive && branches.length > 0 && (
                    <StaffBranch companyId={companyId} member={member} branches={branches} />
                  )}
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
        <AddStaffForm companyId={companyId} branches={branches} />
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
