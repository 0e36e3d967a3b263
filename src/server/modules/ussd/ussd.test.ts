import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  drawEntries,
  loyaltyCards,
  loyaltyPrograms,
  outboxMessages,
  prizeDraws,
  rewards,
  ussdSessions,
} from "../../db/schema";
import { createUser } from "../../db/seed/factories";
import { shopWithCounter } from "../../test/counter-shop";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";

/*
 * The USSD callbacks as each provider sends them (see src/shared/contracts/ussd.ts for the shapes and
 * where they are published): Hubtel's JSON in PascalCase answered in JSON, Africa's Talking's form
 * answered in text/plain "CON …" or "END …". Every screen a walk meets is at most 160 characters.
 */

const token = "ussd-test-token-0123456789abcdef";
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
let sessions = 0;
let numbers = 0;
let ads = 0;

beforeAll(async () => {
  ctx = await createTestContext({ env: { USSD_CALLBACK_TOKEN: token }, overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
});
afterAll(() => ctx.close());

/** A Ghana mobile number no other test uses: "233270000101" as Hubtel sends it. */
function newNumber() {
  const local = `2700${String(++numbers).padStart(5, "0")}`;
  return { hubtel: `233${local}`, at: `+233${local}`, e164: `+233${local}` };
}

function postHubtel(body: Record<string, unknown>, query = `?token=${token}`) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/ussd/hubtel${query}`,
    headers: { "content-type": "application/json", accept: "application/json" },
    payload: JSON.stringify(body),
  });
}

function postAfricasTalking(fields: Record<string, string>, query = `?token=${token}`) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/ussd/africastalking${query}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** A Hubtel session: each call is the next request of the session, as Hubtel numbers them. */
function hubtelSession(mobile: string) {
  const SessionId = `hubtel-${++sessions}-8d440a43a98b4614b9df22b79c8190b8`;
  let sequence = 0;
  const send = async (Type: string, Message: string) => {
    const response = await postHubtel({
      Type,
      Mobile: mobile,
      SessionId,
      ServiceCode: "713*4",
      Message,
      Operator: "mtn",
      Sequence: String(++sequence),
      ClientState: "",
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { Type: string; Message: string };
  };
  return {
    SessionId,
    dial: () => send("Initiation", "*713*4#"),
    type: (message: string) => send("Response", message),
    end: (type: "Timeout" | "Release") => send(type, ""),
    /** The last request sent again, as a provider retrying it would. */
    resend: async (Type: string, Message: string) => {
      const response = await postHubtel({
        Type,
        Mobile: mobile,
        SessionId,
        ServiceCode: "713*4",
        Message,
        Operator: "mtn",
        Sequence: String(sequence),
        ClientState: "",
      });
      return response.json() as { Type: string; Message: string };
    },
  };
}

async function member(fields: Parameters<typeof createUser>[1] = {}) {
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

async function rewardFor(userId: number, companyId: number, percent = 10) {
  const ad = await kit.publishAd([`USSD-${++ads}`]);
  const [row] = await ctx.database.db
    .insert(rewards)
    .values({ adId: ad.id, userId, companyId, rewardType: "discount", discountPercent: percent })
    .returning();
  return row!;
}

/** A shop at the counter, named as members know it. */
async function shop(username: string, name: string) {
  const counter = await shopWithCounter(ctx, username);
  await ctx.database.db.update(companies).set({ name }).where(eq(companies.id, counter.companyId));
  return counter;
}

async function stampCard(userId: number, companyId: number, stamps: number) {
  const [program] = await ctx.database.db
    .select()
    .from(loyaltyPrograms)
    .where(and(eq(loyaltyPrograms.companyId, companyId), eq(loyaltyPrograms.isActive, true)));
  await ctx.database.db.insert(loyaltyCards).values({
    userId,
    companyId,
    programId: program!.id,
    currentStamps: stamps,
    requiredStamps: program!.requiredVisits,
  });
}

describe("the USSD callbacks' guard", () => {
  it("answers 404 on both routes when USSD_CALLBACK_TOKEN is not set", async () => {
    const plain = await createTestContext();
    try {
      for (const url of ["/api/ussd/hubtel?token=x", "/api/ussd/africastalking?token=x"]) {
        const response = await plain.app.inject({ method: "POST", url, payload: {} });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });

  it("refuses a wrong or missing token with 401 and keeps no session", async () => {
    const { number } = await member();
    const hubtel = {
      Type: "Initiation",
      Mobile: number.hubtel,
      SessionId: "refused-1",
      ServiceCode: "713*4",
      Message: "*713*4#",
      Operator: "mtn",
      Sequence: "1",
      ClientState: "",
    };
    const at = { sessionId: "refused-2", serviceCode: "*384*1#", phoneNumber: number.at, networkCode: "62001", text: "" };
    for (const query of ["", "?token=", "?token=wrong-token-0123456789abcdef"]) {
      const wrongHubtel = await postHubtel(hubtel, query);
      expect(wrongHubtel.statusCode).toBe(401);
      expect(wrongHubtel.json().code).toBe("UNAUTHENTICATED");
      expect((await postAfricasTalking(at, query)).statusCode).toBe(401);
    }
    const kept = await ctx.database.db
      .select()
      .from(ussdSessions)
      .where(eq(ussdSessions.phoneNumber, number.e164));
    expect(kept).toEqual([]);
  });
});

describe("Hubtel Programmable Services", () => {
  it("answers an initiation with the main menu in Hubtel's response shape, and a release ends it", async () => {
    const { number } = await member();
    const session = hubtelSession(number.hubtel);
    const first = await session.dial();
    expect(first).toEqual({
      Type: "response",
      Message: "Anigye: hello Adwoa\n1 My points and stamps\n2 My rewards\n4 This month's draw\n6 Language",
      Label: "Anigye",
      DataType: "input",
      FieldType: "text",
      ClientState: "",
    });
    expect(await session.end("Release")).toEqual({
      Type: "release",
      Message: "Thank you for using Anigye.",
      Label: "Anigye",
      DataType: "display",
      FieldType: "",
      ClientState: "",
    });
    const [row] = await ctx.database.db
      .select()
      .from(ussdSessions)
      .where(eq(ussdSessions.sessionId, session.SessionId));
    expect(row!.provider).toBe("hubtel");
    expect(row!.phoneNumber).toBe(number.e164);
    expect(row!.endedAt).not.toBeNull();
    // Anything after the end only says goodbye.
    expect((await session.type("1")).Type).toBe("release");
  });

  it("reads Type in lower case too, as Hubtel's samples send it, and a timeout ends the session", async () => {
    const { number } = await member();
    const session = hubtelSession(number.hubtel);
    const response = await postHubtel({
      Type: "initiation",
      Mobile: number.hubtel,
      SessionId: session.SessionId,
      ServiceCode: "713*4",
      Message: "*713*4#",
      Operator: "vodafone",
      Sequence: 1,
      ClientState: "",
    });
    expect(response.json().Type).toBe("response");
    const timeout = await postHubtel({
      Type: "Timeout",
      Mobile: number.hubtel,
      SessionId: session.SessionId,
      Message: "",
      Sequence: "2",
    });
    expect(timeout.json().Type).toBe("release");
  });
});

describe("Africa's Talking", () => {
  it("answers its form with text/plain CON and END, reading the inputs joined by *", async () => {
    const counter = await shop("ussd-at-shop", "Kofi's Chop Bar");
    const { user, number } = await member();
    await stampCard(user.id, counter.companyId, 2);
    const fields = { sessionId: "ATUid_ussd_1", serviceCode: "*384*1234#", phoneNumber: number.at, networkCode: "62001" };
    const first = await postAfricasTalking({ ...fields, text: "" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(first.body).toBe(
      "CON Anigye: hello Adwoa\n1 My points and stamps\n2 My rewards\n4 This month's draw\n6 Language",
    );
    const points = await postAfricasTalking({ ...fields, text: "1" });
    expect(points.body).toBe("CON Bronze: 0 XP\nPoints: 0\nKofi's Chop Bar 2/3\n0 Back");
    const back = await postAfricasTalking({ ...fields, text: "1*0" });
    expect(back.body.startsWith("CON Anigye: hello Adwoa")).toBe(true);
    const none = await postAfricasTalking({ ...fields, text: "1*0*2" });
    expect(none.body).toBe(
      "CON No rewards to use yet. Collect stamps or watch ads in the app to earn them.\n0 Back",
    );
    // The same text again is the same request: the same answer, the session not moved.
    const again = await postAfricasTalking({ ...fields, text: "1*0*2" });
    expect(again.body).toBe(none.body);
    const [row] = await ctx.database.db
      .select()
      .from(ussdSessions)
      .where(eq(ussdSessions.sessionId, "ATUid_ussd_1"));
    expect(row).toMatchObject({ provider: "africastalking", lastRequestKey: "text:1*0*2" });
  });

  it("tells a number with no member where to join, and a suspended member only that", async () => {
    const stranger = newNumber();
    const fields = { serviceCode: "*384*1234#", networkCode: "62002", text: "" };
    const choose = await postAfricasTalking({ ...fields, sessionId: "ATUid_stranger", phoneNumber: stranger.at });
    expect(choose.body).toBe("CON Anigye: choose language / Paw kasa\n1 English\n2 Twi");
    const join = await postAfricasTalking({ ...fields, sessionId: "ATUid_stranger", phoneNumber: stranger.at, text: "1" });
    expect(join.body).toMatch(/^END No Anigye account has this number\. Join free at localhost:\d+\/register/);
    const { number } = await member({ isActive: false });
    const suspended = await postAfricasTalking({ ...fields, sessionId: "ATUid_suspended", phoneNumber: number.at });
    expect(suspended.body).toBe("END Your Anigye account is suspended. Call +233 30 296 0000 for help.");
  });
});
