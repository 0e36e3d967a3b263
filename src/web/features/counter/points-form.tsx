import { Coins, ScanLine } from "lucide-react";
import { useCallback, useState } from "react";
import type { CounterActor } from "../../../shared/contracts/counter";
import { QrCamera } from "../../components/qr-camera";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Form, TextField } from "../../components/ui/form-field";
import { useContractForm } from "../../lib/forms";
import { useCounterRequest } from "./api";
import { signal, signalRead, unlockSound } from "./feedback";
import { type PointsGrant, pointsFormDefaults, pointsFormSchema } from "./points-form-rules";
import { localRefusal, type ResultView, resultViewOf } from "./result-view";
import { ScanResultScreen } from "./scan-result-screen";

/**
 * Grant 1 to 100 points for a purchase: the customer is named by their QR (scanned here) or their typed
 * code. The server applies the business's monthly allocation and the customer's 100-a-day limit.
 */
export function PointsForm({ actor }: { actor: CounterActor }) {
  const form = useContractForm(pointsFormSchema, { defaultValues: pointsFormDefaults });
  const request = useCounterRequest(actor);
  const [scanning, setScanning] = useState(false);
  const [view, setView] = useState<ResultView | null>(null);

  const submit = (grant: PointsGrant) =>
    request.mutate(
      { kind: "points", body: { ...grant, merchantStaff: actor.staffName } },
      {
        onSuccess: (outcome) => {
          const next = resultViewOf(outcome);
          // A refusal keeps what was typed, to fix and send again; anything else starts afresh.
          if (next.tone !== "refused") form.reset(pointsFormDefaults);
          setView(next);
          signal(next.tone);
        },
        onError: () => {
          const next = localRefusal("This phone couldn't save the grant. Please try again.");
          setView(next);
          signal(next.tone);
        },
      },
    );

  const next = useCallback(() => setView(null), []);

  return (
    <>
      <Form
        form={form}
        onValid={submit}
        aria-label="Grant points"
        className="space-y-4"
        onPointerDown={unlockSound}
      >
        <div>
          <TextField
            name="qrData"
            label="Customer's code"
            hint="Scan their QR, or type the code under it."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <Button variant="secondary" className="mt-2 min-h-12 w-full" onClick={() => setScanning(true)}>
            <ScanLine className="size-5" aria-hidden /> Scan their QR
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="points"
            label="Points (1 to 100)"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
          />
          <TextField
            name="purchaseAmount"
            label="Purchase amount (GH₵)"
            labelNote="(optional)"
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <TextField
          name="transactionNote"
          label="Note"
          labelNote="(optional)"
          maxLength={200}
          autoComplete="off"
        />
        <Button
          type="submit"
          className="min-h-14 w-full text-lg"
          pending={request.isPending}
          pendingLabel="Granting…"
        >
          <Coins className="size-5" aria-hidden /> Grant points
        </Button>
      </Form>
      <Dialog open={scanning} onClose={() => setScanning(false)} title="Scan the customer's QR">
        <QrCamera
          label="Camera: hold the customer's QR inside the square"
          fallbackHint="Close this and type the customer's code instead."
          onCode={(code) => {
            form.setValue("qrData", code, { shouldDirty: true });
            form.clearErrors("qrData");
            setScanning(false);
            signalRead();
          }}
        />
      </Dialog>
      {view && <ScanResultScreen view={view} onNext={next} />}
    </>
  );
}
