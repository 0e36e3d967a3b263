import { z } from "zod";
import { pointGrantRequest } from "../../../shared/contracts/counter";

/** The point grant form: boxes hold text; the request wants numbers and leaves blanks out. */
export interface PointsFormValues {
  qrData: string;
  points: string;
  purchaseAmount: string;
  transactionNote: string;
}

export const pointsFormDefaults: PointsFormValues = {
  qrData: "",
  points: "",
  purchaseAmount: "",
  transactionNote: "",
};

/** A number as typed ("GH₵ 25.50" or "25.5"); blank is "not given", anything else goes to the contract. */
export function typedNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(/^GH₵\s*/i, "");
  return trimmed ? Number(trimmed) : undefined;
}

const pointsGrant = pointGrantRequest.omit({ merchantStaff: true, idempotencyKey: true, scannedAt: true });
export type PointsGrant = z.output<typeof pointsGrant>;

/** Checked by the request contract itself (the staff name, key and time are added when sending). */
export const pointsFormSchema = z
  .custom<PointsFormValues>()
  .transform(
    (values) =>
      ({
        qrData: values.qrData,
        points: typedNumber(values.points),
        purchaseAmount: typedNumber(values.purchaseAmount),
        transactionNote: values.transactionNote,
        // A blank points box is left undefined for the contract to name it.
      }) as z.input<typeof pointsGrant>,
  )
  .pipe(pointsGrant);
