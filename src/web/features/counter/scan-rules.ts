import { scanRequest } from "../../../shared/contracts/counter";
import { translateMessage } from "../../lib/language";

/*
 * The scan request's own rules, for what staff type on the scanner. A module of its own, fetched on the
 * first amount typed, action chosen or code sent: the contract brings the validation library, which the
 * scanner's first screen doesn't need.
 */

/** The amount as typed: blank is "not given"; the request's own rule checks the rest. */
export function parseAmount(text: string): { amount?: number; error?: string } {
  const trimmed = text.trim();
  if (!trimmed) return {};
  const parsed = scanRequest.shape.purchaseAmount.safeParse(Number(trimmed.replace(/^GH₵\s*/i, "")));
  if (parsed.success) return { amount: parsed.data };
  // The contract's own words, in the active language when the messages catalog has them.
  const message = parsed.error.issues[0]?.message;
  return { error: message && translateMessage(message) };
}

/** A typed customer code as the request takes it, or undefined when it isn't one. */
export function typedCodeOf(code: string): string | undefined {
  const parsed = scanRequest.shape.qrData.safeParse(code);
  return parsed.success ? parsed.data : undefined;
}
