import { Coins, ScanLine } from "lucide-react";
import { useCallback, useState } from "react";
import type { CounterActor } from "../../../shared/contracts/counter";
import { QrCamera } from "../../components/qr-camera";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Form, TextField } from "../../components/ui/form-field";
import { useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
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
  const t = useT();
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
          const next = localRefusal(t("counter.points.saveFailed"));
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
        aria-label={t("counter.points.grant")}
        className="space-y-4"
        onPointerDown={unlockSound}
      >
        <div>
          <TextField
            name="qrData"
            label={t("counter.customerCode")}
            hint={t("counter.points.codeHint")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <Button variant="secondary" className="mt-2 min-h-12 w-full" onClick={() => setScanning(true)}>
            <ScanLine className="size-5" aria-hidden /> {t("counter.points.scanQr")}
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="points"
            label={t("counter.points.points")}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
          />
          <TextField
            name="purchaseAmount"
            label={t("counter.purchaseAmount")}
            labelNote={t("counter.optional")}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <TextField
          name="transactionNote"
          label={t("counter.points.note")}
          labelNote={t("counter.optional")}
          maxLength={200}
          autoComplete="off"
        />
        <Button
          type="submit"
          className="min-h-14 w-full text-lg"
          pending={request.isPending}
          pendingLabel={t("counter.points.granting")}
        >
          <Coins className="size-5" aria-hidden /> {t("counter.points.grant")}
        </Button>
      </Form>
      <Dialog open={scanning} onClose={() => setScanning(false)} title={t("counter.points.dialogTitle")}>
        <QrCamera
          label={t("counter.cameraLabel")}
          fallbackHint={t("counter.points.cameraFallback")}
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
