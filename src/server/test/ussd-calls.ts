import { expect } from "vitest";
import { createUser, type UserInput } from "../db/seed/factories";
import type { TestContext } from "./test-app";

/** Hubtel's answer: the next screen, and whether the session goes on ("response") or ends ("release"). */
export interface HubtelAnswer {
  Type: string;
  Message: string;
}

/**
 * The USSD providers' callbacks as each sends them (src/shared/contracts/ussd.ts has the shapes): Hubtel's
 * JSON in PascalCase, Africa's Talking's form with every input so far joined by "*". `token` is the
 * USSD_CALLBACK_TOKEN the test's server was given. Every screen a session meets is kept in `screens`,
 * named by the session's label and what was typed, for the tests that hold each to 160 characters.
 */
export function ussdCalls(ctx: TestContext, token = "") {
  let sessions = 0;
  let numbers = 0;
  const screens: { path: string; text: string }[] = [];

  function hubtel(body: Record<string, unknown>, query = `?token=${token}`) {
    return ctx.app.inject({
      method: "POST",
      url: `/api/ussd/hubtel${query}`,
      headers: { "content-type": "application/json", accept: "application/json" },
      payload: JSON.stringify(body),
    });
  }

  function africasTalking(fields: Record<string, string>, query = `?token=${token}`) {
    return ctx.app.inject({
      method: "POST",
      url: `/api/ussd/africastalking${query}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  /** A Hubtel session: each call is the next request of the session, as Hubtel numbers them. */
  function hubtelSession(mobile: string, label = "") {
    const SessionId = `hubtel-${++sessions}-8d440a43a98b4614b9df22b79c8190b8`;
    let sequence = 0;
    const request = (Type: string, Message: string) =>
      hubtel({
        Type,
        Mobile: mobile,
        SessionId,
        ServiceCode: "713*4",
        Message,
        Operator: "mtn",
        Sequence: String(sequence),
        ClientState: "",
      });
    const send = async (Type: string, Message: string) => {
      sequence++;
      const response = await request(Type, Message);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as HubtelAnswer;
      screens.push({ path: `${label} ${Message}`, text: answer.Message });
      return answer;
    };
    return {
      SessionId,
      dial: () => send("Initiation", "*713*4#"),
      type: (message: string) => send("Response", message),
      end: (type: "Timeout" | "Release") => send(type, ""),
      /** The last request sent again, as a provider retrying it would. */
      resend: async (Type: string, Message: string) => (await request(Type, Message)).json() as HubtelAnswer,
    };
  }

  /** An Africa's Talking session: `type` adds the input to the text joined by "*", as the gateway does. */
  function atSession(phoneNumber: string, label = "") {
    const sessionId = `ATUid_${++sessions}`;
    const inputs: string[] = [];
    const send = async () => {
      const text = inputs.join("*");
      const response = await africasTalking({
        sessionId,
        serviceCode: "*384*1234#",
        phoneNumber,
        networkCode: "62001",
        text,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.body;
      expect(body).toMatch(/^(CON|END) /);
      screens.push({ path: `${label} ${text}`, text: body.slice(4) });
      return body;
    };
    return {
      dial: () => send(),
      type: (input: string) => {
        inputs.push(input);
        return send();
      },
    };
  }

  /** A Ghana mobile number no other call of the test uses, as Hubtel, Africa's Talking, the database and a person write it. */
  function newNumber() {
    const local = `2700${String(++numbers).padStart(5, "0")}`;
    return { hubtel: `233${local}`, at: `+233${local}`, e164: `+233${local}`, typed: `0${local}` };
  }

  /** A member whose number is verified, with English saved unless `fields` say otherwise. */
  async function member(fields: UserInput = {}) {
    const number = newNumber();
    const user = await createUser(ctx.database.db, {
      displayName: "Adwoa Mensah",
      phoneNumber: number.e164,
      isPhoneVerified: true,
      language: "en",
      ...fields,
    });
    return { user, number };
  }

  return { hubtel, africasTalking, hubtelSession, atSession, newNumber, member, screens };
}
