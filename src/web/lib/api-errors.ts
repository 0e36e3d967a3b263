import { ApiError } from "./api-client";
import { isOnline } from "./network-status";

/** The server's own message for a refused request; undefined for network failures and 5xx answers. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
}

export const isNetworkFailure = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

/** An answer fails unless it is ok and says `success: true`. */
export function requireSuccess<T extends { success?: unknown; message?: unknown }>(result: T): T {
  if (result.success === true) return result;
  const body = JSON.stringify(result);
  throw new ApiError(422, body, `422: ${body}`);
}

/**
 * A refusal (401, 403, 404) will not change by asking again, nor will anything while the phone is
 * offline (the query is read again on reconnect): only network trouble and 5xx are retried, 3 times.
 */
export const retryUnlessRefused = (failureCount: number, error: Error) =>
  isOnline() && !(error instanceof ApiError && error.status < 500) && failureCount < 3;
