import { ApiError } from "./api-client";
import { serverMessage } from "./api-errors";
import { translate } from "./language";

/** Why a payment (a plan, Anigye+ or a top-up) could not be started: the server's words, a lapsed session, or a plain retry. */
export function paymentStartFailedText(failure: unknown): string {
  const message = serverMessage(failure);
  if (message) return message;
  if (failure instanceof ApiError && failure.status === 401) return translate("payment.sessionEnded");
  return translate("payment.startFailed");
}
