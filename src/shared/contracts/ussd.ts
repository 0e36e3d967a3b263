import { z } from "zod";

/*
 * The USSD providers' callbacks, as each publishes them.
 *
 * Hubtel Programmable Services (developers.hubtel.com/docs/api-reference-prog-services and
 * hubtel.readme.io/reference/sample-general-services-interaction): Hubtel POSTs JSON (Content-Type
 * application/json) to the Service Interaction URL with PascalCase fields: Type ("initiation",
 * "response" or "release" in the reference, lower case in its samples; "Timeout" is read too and ends the
 * session like a release, and any case is read), Mobile ("233246912184", no "+"), SessionId, ServiceCode, Message (the dialled string at
 * initiation, then what the caller typed), Operator ("mtn", "vodafone", "airtel", "tigo"), Sequence (the
 * request's number in the session, sent as a string "1" in the samples) and ClientState (what the last
 * answer asked to be sent back). The answer is JSON: Type ("response" waits for input, "release" ends),
 * Message (the screen), Label (its title in Hubtel's apps), DataType ("input" or "display"), FieldType
 * ("text" for an input) and ClientState.
 *
 * Africa's Talking (its USSD "Handling Sessions" guide, as copied in github.com/DanNduati/at-ussd
 * AT-USSD.md, with the same fields in helliomessaging.com/docs/request/ussd): a POST form
 * (application/x-www-form-urlencoded) with camelCase fields sessionId, serviceCode, phoneNumber
 * ("+233…"), networkCode and text: every input so far joined by "*", empty on the first request. The answer is text/plain beginning "CON " (wait for
 * input) or "END " (close the session); an HTTP error or any other answer makes it end the session.
 */

const sessionIdField = z.string().trim().min(1).max(100);

export const hubtelUssdRequest = z.object({
  Type: z
    .string()
    .regex(
      /^(initiation|response|timeout|release)$/i,
      "Type must be Initiation, Response, Timeout or Release",
    )
    .describe("Initiation, Response, Timeout or Release (any case)"),
  Mobile: z.string().max(20),
  SessionId: sessionIdField,
  ServiceCode: z.string().max(100).optional(),
  Message: z.string().max(200).default(""),
  Operator: z.string().max(40).nullish(),
  Sequence: z.union([z.number().int().min(0), z.string().regex(/^\d{1,9}$/, "Sequence must be a number")]),
  ClientState: z.string().max(200).nullish(),
});

export const hubtelUssdResponse = z.object({
  Type: z.enum(["response", "release"]),
  Message: z.string(),
  Label: z.string(),
  DataType: z.enum(["input", "display"]),
  FieldType: z.enum(["text", ""]),
  ClientState: z.string(),
});
export type HubtelUssdResponse = z.infer<typeof hubtelUssdResponse>;

export const africasTalkingUssdRequest = z.object({
  sessionId: sessionIdField,
  serviceCode: z.string().max(100).optional(),
  phoneNumber: z.string().max(20),
  networkCode: z.string().max(20).optional(),
  text: z.string().max(500).default(""),
});

/** The callback URL's secret (USSD_CALLBACK_TOKEN); checked before the body is read. */
export const ussdCallbackQuery = z.object({ token: z.string().max(200).optional() });
