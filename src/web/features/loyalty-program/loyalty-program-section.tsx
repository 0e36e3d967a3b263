import { Save, Stamp } from "lucide-react";
import { useEffect } from "react";
import { brand } from "../../../shared/brand";
import type { LoyaltyProgram, LoyaltyProgramRequest } from "../../../shared/contracts/counter";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormAlert } from "../../components/ui/form-alert";
import { CheckboxField, Form, TextAreaField, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useLoyaltyProgram, useSaveLoyaltyProgram } from "./api";
import { programFormSchema, programFormValues, rewardWithCashback } from "./program-form-rules";

function ProgramForm({ companyId, program }: { companyId: number; program: LoyaltyProgram | null }) {
  const save = useSaveLoyaltyProgram(companyId);
  const form = useContractForm(programFormSchema, { defaultValues: programFormValues(program) });
  const { reset } = form;

  // A saved program comes back from the server: the form shows what is stored.
  useEffect(() => reset(programFormValues(program)), [program, reset]);

  const submit = (request: LoyaltyProgramRequest) =>
    save.mutate(request, {
      onSuccess: (saved) =>
        toast({
          title: "Loyalty program saved",
          description: saved.isActive
            ? `Customers now collect ${saved.requiredVisits} stamps for ${rewardWithCashback(saved)}.`
            : "The program is paused: staff can't stamp cards until you turn it on.",
        }),
      onError: (failure) => {
        const shown = applyServerErrors(form, failure);
        if (Object.keys(shown).length === 0) {
          toast({
            title: "Could not save the program",
            description: serverMessage(failure) ?? "Check your connection and try again.",
            variant: "destructive",
          });
        }
      },
    });

  return (
    <Form form={form} onValid={submit} aria-label="Loyalty program" className="space-y-4">
      {program && !program.isActive && (
        <FormAlert>The program is paused: staff can't stamp cards until you turn it on.</FormAlert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="programName" label="Program name" maxLength={80} required autoComplete="off" />
        <TextField
          name="rewardTitle"
          label="Reward"
          maxLength={80}
          required
          hint="e.g. A free plate of waakye"
        />
      </div>
      <TextAreaField name="description" label="Description" labelNote="(optional)" rows={2} maxLength={300} />
      <TextAreaField
        name="rewardDescription"
        label="Reward details"
        labelNote="(optional)"
        rows={2}
        maxLength={300}
        hint="What the reward includes, and anything it excludes."
      />
      <TextField
        name="rewardCashback"
        label="Cashback with the reward (GH₵)"
        labelNote="(optional)"
        inputMode="decimal"
        autoComplete="off"
        hint={`Set aside from your balance (Money tab) each time a card completes; paid into the member's ${brand.name} cashback when staff hand the reward over. Without enough balance, the reward comes without cashback.`}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          name="requiredVisits"
          label="Required visits"
          type="number"
          inputMode="numeric"
          min={2}
          max={50}
          hint="Stamps for the reward (2 to 50)."
        />
        <TextField
          name="minimumSpend"
          label="Minimum spend (GH₵)"
          inputMode="decimal"
          autoComplete="off"
          hint="0 for any purchase."
        />
        <TextField
          name="validityDays"
          label="Card valid for (days)"
          type="number"
          inputMode="numeric"
          min={7}
          max={730}
        />
        <TextField
          name="maxActiveCards"
          label="Max active cards"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Cards in use at one time."
        />
      </div>
      <CheckboxField
        name="isActive"
        label="Program is active"
        hint="When it's off, staff can't stamp cards; rewards already earned can still be claimed."
      />
      <Button type="submit" pending={save.isPending} pendingLabel="Saving…">
        <Save className="size-4" aria-hidden /> Save program
      </Button>
    </Form>
  );
}

/** The card's line under its title: the cards in use, and the reward when cashback comes with it. */
function programSummary(program: LoyaltyProgram): string {
  const cards = `${program.activeCards} active ${program.activeCards === 1 ? "card" : "cards"}.`;
  return program.rewardCashback > 0 ? `${cards} Each full card earns ${rewardWithCashback(program)}.` : cards;
}

/** The owner sets up the business's stamp card: visits, reward, minimum spend, validity. */
export function LoyaltyProgramSection({ companyId }: { companyId: number }) {
  const query = useLoyaltyProgram(companyId);
  const program = query.data?.program ?? null;
  return (
    <Card
      title="Loyalty program"
      icon={<Stamp className="size-5" aria-hidden />}
      description={
        program
          ? programSummary(program)
          : "Customers collect a stamp each visit; at the last stamp they earn your reward."
      }
      testId="loyalty-program"
    >
      {query.isPending ? (
        <div role="status" aria-label="Loading the loyalty program" className="space-y-3">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-24" />
        </div>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <ProgramForm companyId={companyId} program={program} />
      )}
    </Card>
  );
}
