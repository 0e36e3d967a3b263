import { Crosshair, MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFormContext } from "react-hook-form";
import type { Branch, CreateBranchRequest } from "../../../shared/contracts/branches";
import { type BranchFormValues, branchForm } from "../../../shared/forms/branches";
import { type PlanId, plans } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { Form, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { useBranches } from "../../lib/company-queries";
import { formatPhone } from "../../lib/format";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useAddBranch, useRemoveBranch, useUpdateBranch } from "./api";

const emptyBranch: BranchFormValues = {
  name: "",
  address: "",
  latitude: "",
  longitude: "",
  phone: "",
  businessHours: "",
};

function valuesOf(branch: Branch): BranchFormValues {
  return {
    name: branch.name,
    address: branch.address ?? "",
    latitude: branch.latitude?.toString() ?? "",
    longitude: branch.longitude?.toString() ?? "",
    phone: branch.phone ? formatPhone(branch.phone) : "",
    businessHours: branch.businessHours ?? "",
  };
}

/** "2 of 2 branches on Pro", or "3 branches on Enterprise (no limit)". */
export function branchCountText(count: number, limit: number | null, plan: PlanId): string {
  const planName = plans[plan].name;
  if (limit === null) return `${count} ${count === 1 ? "branch" : "branches"} on ${planName} (no limit)`;
  return `${count} of ${limit} ${limit === 1 ? "branch" : "branches"} on ${planName}`;
}

/** Fills the pin from this phone's position: the owner stands in the shop and taps once. */
function UseMyLocation() {
  const form = useFormContext<BranchFormValues>();
  const [locating, setLocating] = useState(false);
  if (typeof navigator === "undefined" || !("geolocation" in navigator)) return null;
  const locate = () => {
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        // After a refused submit the boxes' messages follow what the pin now says.
        const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
        form.setValue("latitude", coords.latitude.toFixed(6), options);
        form.setValue("longitude", coords.longitude.toFixed(6), options);
      },
      () => {
        setLocating(false);
        toast({
          title: "Could not read your location",
          description: "Allow location for this site, or type the latitude and longitude.",
          variant: "destructive",
        });
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return (
    <Button type="button" variant="secondary" onClick={locate} pending={locating} pendingLabel="Locating…">
      <Crosshair className="size-4" aria-hidden /> Use my location
    </Button>
  );
}

function BranchForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  label,
}: {
  initial: BranchFormValues;
  submitLabel: string;
  pending: boolean;
  label: string;
  onSubmit(branch: CreateBranchRequest, form: ReturnType<typeof useContractForm<typeof branchForm>>): void;
}) {
  const form = useContractForm(branchForm, { defaultValues: initial });
  return (
    <Form form={form} onValid={(branch) => onSubmit(branch, form)} aria-label={label} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Branch name" maxLength={80} placeholder="Osu" autoComplete="off" />
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" placeholder="024 123 4567" />
      </div>
      <TextField name="address" label="Address" maxLength={200} autoComplete="street-address" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="latitude" label="Latitude" inputMode="decimal" placeholder="5.6037" />
        <TextField name="longitude" label="Longitude" inputMode="decimal" placeholder="-0.1870" />
      </div>
      <UseMyLocation />
      <TextField
        name="businessHours"
        label="Business hours"
        labelNote="(optional)"
        placeholder="Mon-Sat 8 AM-9 PM"
      />
      <Button type="submit" pending={pending} pendingLabel="Saving…" className="w-full sm:w-auto">
        {submitLabel}
      </Button>
    </Form>
  );
}

function AddBranch({ companyId }: { companyId: number }) {
  const add = useAddBranch(companyId);
  return (
    <BranchForm
      label="Add a branch"
      initial={emptyBranch}
      submitLabel="Add branch"
      pending={add.isPending}
      onSubmit={(branch, form) =>
        add.mutate(branch, {
          onSuccess: () => {
            form.reset(emptyBranch);
            toast({
              title: "Branch added",
              description: `${branch.name} is now on your page and in Near Me.`,
            });
          },
          onError: (failure) =>
            applyServerErrors(form, failure, { fallbackField: "name", fallbackMessage: "Please try again." }),
        })
      }
    />
  );
}

function BranchItem({
  companyId,
  branch,
  canRemove,
  onRemove,
}: {
  companyId: number;
  branch: Branch;
  canRemove: boolean;
  onRemove(): void;
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateBranch(companyId);
  if (editing) {
    return (
      <li className="py-3">
        <BranchForm
          label={`Edit ${branch.name}`}
          initial={valuesOf(branch)}
          submitLabel="Save branch"
          pending={update.isPending}
          onSubmit={(changes, form) =>
            update.mutate(
              { id: branch.id, ...changes },
              {
                onSuccess: () => {
                  setEditing(false);
                  toast({ title: "Branch saved", description: `${changes.name} is up to date.` });
                },
                onError: (failure) =>
                  applyServerErrors(form, failure, {
                    fallbackField: "name",
                    fallbackMessage: "Please try again.",
                  }),
              },
            )
          }
        />
        <Button variant="ghost" className="mt-2" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-semibold break-words text-stone-900">{branch.name}</p>
        {branch.address && <p className="text-sm break-words text-stone-700">{branch.address}</p>}
        <p className="text-xs text-stone-500">
          {[
            branch.phone ? formatPhone(branch.phone) : null,
            branch.businessHours,
            branch.latitude === null ? "No map pin yet" : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <div className="flex gap-1">
        <Button
          variant="ghost"
          className="px-3 py-1.5 text-sm"
          onClick={() => setEditing(true)}
          aria-label={`Edit ${branch.name}`}
        >
          <Pencil className="size-4" aria-hidden /> Edit
        </Button>
        {canRemove && (
          <Button
            variant="ghost"
            className="px-3 py-1.5 text-sm text-red-700 hover:bg-red-50"
            onClick={onRemove}
            aria-label={`Remove ${branch.name}`}
          >
            <Trash2 className="size-4" aria-hidden /> Remove
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The Branches tab: the business's shops, each on its place page and measured in Near Me. The first one is
 * the location on the profile; the plan says how many there may be.
 */
export function BranchesSection({ companyId, plan }: { companyId: number; plan: PlanId }) {
  const query = useBranches(companyId);
  const remove = useRemoveBranch(companyId);
  const [confirming, setConfirming] = useState<Branch | null>(null);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading branches" className="space-y-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;

  const { branches, limit } = query.data;
  const full = limit !== null && branches.length >= limit;
  const confirm = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => {
        toast({ title: "Branch removed", description: `${confirming.name} is no longer listed.` });
        setConfirming(null);
      },
      onError: (failure) =>
        toast({
          title: "Could not remove the branch",
          description: serverMessage(failure) ?? "Please try again.",
          variant: "destructive",
        }),
    });
  };

  return (
    <div className="space-y-4">
      <Card
        title="Branches"
        icon={<MapPin className="size-5" aria-hidden />}
        description="Each branch shows on your page with directions, and Near Me measures to the closest one."
      >
        <p className="mb-2 text-sm font-semibold text-stone-800" data-testid="branch-count">
          {branchCountText(branches.length, limit, plan)}
        </p>
        <ul className="divide-y divide-stone-100" aria-label="Branches">
          {branches.map((branch) => (
            <BranchItem
              key={branch.id}
              companyId={companyId}
              branch={branch}
              canRemove={branches.length > 1}
              onRemove={() => setConfirming(branch)}
            />
          ))}
        </ul>
      </Card>
      <Card title="New branch" icon={<Plus className="size-5" aria-hidden />}>
        {full ? (
          <p className="text-stone-700" data-testid="branches-full">
            {limit !== null && branches.length > limit
              ? `Your ${plans[plan].name} plan allows ${limit} ${limit === 1 ? "branch" : "branches"}; you keep the ${branches.length} you have, but can't add more.`
              : `Your ${plans[plan].name} plan allows ${limit} ${limit === 1 ? "branch" : "branches"}, and you have them all.`}{" "}
            Remove a branch, or move to a bigger plan on the Overview tab, to add another.
          </p>
        ) : (
          <AddBranch companyId={companyId} />
        )}
      </Card>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title="Remove this branch?">
        <p className="text-stone-700">
          {confirming?.name} leaves your page and Near Me. Staff who work there and ads that name it will name
          no branch. Its past scans keep its name.
        </p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="danger" pending={remove.isPending} pendingLabel="Removing…" onClick={confirm}>
            Remove branch
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Keep it
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
