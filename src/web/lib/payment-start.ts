import { useEffect, useRef } from "react";
import type { PaymentMethod, PlansResponse } from "../../shared/contracts/payments";
import { ApiError } from "./api-client";
import { serverMessage } from "./api-errors";
import { translate } from "./language";

// What every payment's first step shares: a plan's, Anigye+'s and a business's top-up.

/** Why a payment could not be started: the server's words, a lapsed session, or a plain retry. */
export function paymentStartFailedText(failure: unknown): string {
  const message = serverMessage(failure);
  if (message) return message;
  if (failure instanceof ApiError && failure.status === 401) return translate("payment.sessionEnded");
  return translate("payment.startFailed");
}

/** The ways to pay the server offers: Paystack's prompt first when it is set up, then manual MoMo. */
export function paymentMethodsOf(
  options: Pick<PlansResponse, "manualMomo" | "providerEnabled">,
): PaymentMethod[] {
  return [
    ...(options.providerEnabled ? (["paystack"] as const) : []),
    ...(options.manualMomo ? (["momo_manual"] as const) : []),
  ];
}

/** Tells the page which order a panel shows (null when none, and when the panel goes), so it is listed once. */
export function useTellShowing(paymentId: number | null, onShowing?: (paymentId: number | null) => void) {
  const onShowingRef = useRef(onShowing);
  onShowingRef.current = onShowing;
  useEffect(() => {
    onShowingRef.current?.(paymentId);
    return () => onShowingRef.current?.(null);
  }, [paymentId]);
}
