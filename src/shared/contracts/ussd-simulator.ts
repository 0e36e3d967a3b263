import { z } from "zod";
import { requiredGhanaPhone } from "./common";

/*
 * The USSD simulator (docs/product-rules.md#ussd-simulator): a phone-shaped screen that drives the real
 * Hubtel callback on the server. The first request dials (no session yet); each answer names the session
 * and the request's number, and the next request sends them back with what was typed.
 */

/** Sessions the simulator opens are named so, never as a provider names its own. */
export const simulatorSessionPrefix = "simulator-";

export const ussdSimulatorRequest = z.object({
  phoneNumber: requiredGhanaPhone("Phone"),
  sessionId: z
    .string()
    .regex(/^simulator-[0-9a-f-]{36}$/, "Dial again: this session is not the simulator's")
    .optional(),
  /** The number of the request before (the answer's `sequence`); absent when dialling. */
  sequence: z.number().int().min(1).max(1000).optional(),
  /** The dial code when dialling, then what was typed. */
  message: z.string().trim().max(160).default(""),
  /** "cancel" ends the session, as hanging up does. */
  action: z.enum(["send", "cancel"]).default("send"),
});
export type UssdSimulatorRequest = z.input<typeof ussdSimulatorRequest>;

export const ussdSimulatorResponse = z.object({
  sessionId: z.string(),
  /** This request's number in the session: send it back with the next one. */
  sequence: z.number().int(),
  /** The screen, as the phone shows it. */
  text: z.string(),
  /** True when the session is over (the phone shows the screen with only an OK). */
  end: z.boolean(),
});
export type UssdSimulatorResponse = z.infer<typeof ussdSimulatorResponse>;
