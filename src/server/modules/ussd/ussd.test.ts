import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  drawEntries,
  loyaltyCards,
  loyaltyPrograms,
  prizeDraws,
  rewards,
  ussdSessions,
} from "../../db/schema";
import { shopWithCounter } from "../../test/counter-shop";
import { textsTo } from "../../test/outbox";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { ussdCalls } from "../../test/ussd-calls";
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
let ussd: ReturnType<typeof ussdCalls>;
let ads = 0;

beforeAll(async () => {
  ctx = await createTestContext({ env: { USSD_CALLBACK_TOKEN: token }, overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
  ussd = ussdCalls(ctx, token);
});
afterAll(() => ctx.close());

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
    const { number } = await ussd.member();
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
    const at = {
      sessionId: "refused-2",
      serviceCode: "*384*1#",
      phoneNumber: number.at,
      networkCode: "62001",
      text: "",
    };
    for (const query of ["", "?token=", "?token=wrong-token-0123456789abcdef"]) {
      const wrongHubtel = await ussd.hubtel(hubtel, query);
      expect(wrongHubtel.statusCode).toBe(401);
      expect(wrongHubtel.json().code).toBe("UNAUTHENTICATED");
      expect((await ussd.africasTalking(at, query)).statusCode).toBe(401);
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
    const { number } = await ussd.member();
    const session = ussd.hubtelSession(number.hubtel);
    const first = await session.dial();
    expect(first).toEqual({
      Type: "response",
      Message:
        "Anigye: hello Adwoa\n1 My points and stamps\n2 My rewards\n3 Shops near me\n4 This month's draw\n6 Language",
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
    const { number } = await ussd.member();
    const session = ussd.hubtelSession(number.hubtel);
    const response = await ussd.hubtel({
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
    const timeout = await ussd.hubtel({
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
    const { user, number } = await ussd.member();
    await stampCard(user.id, counter.companyId, 2);
    const fields = {
      sessionId: "ATUid_ussd_1",
      serviceCode: "*384*1234#",
      phoneNumber: number.at,
      networkCode: "62001",
    };
    const first = await ussd.africasTalking({ ...fields, text: "" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(first.body).toBe(
      "CON Anigye: hello Adwoa\n1 My points and stamps\n2 My rewards\n3 Shops near me\n4 This month's draw\n6 Language",
    );
    const points = await ussd.africasTalking({ ...fields, text: "1" });
    expect(points.body).toBe("CON Bronze: 0 XP\nPoints: 0\nKofi's Chop Bar 2/3\n0 Back");
    const back = await ussd.africasTalking({ ...fields, text: "1*0" });
    expect(back.body.startsWith("CON Anigye: hello Adwoa")).toBe(true);
    const none = await ussd.africasTalking({ ...fields, text: "1*0*2" });
    expect(none.body).toBe(
      "CON No rewards to use yet. Collect stamps or watch ads in the app to earn them.\n0 Back",
    );
    // The same text again is the same request: the same answer, the session not moved.
    const again = await ussd.africasTalking({ ...fields, text: "1*0*2" });
    expect(again.body).toBe(none.body);
    const [row] = await ctx.database.db
      .select()
      .from(ussdSessions)
      .where(eq(ussdSessions.sessionId, "ATUid_ussd_1"));
    expect(row).toMatchObject({ provider: "africastalking", lastRequestKey: "text:1*0*2" });
  });

  it("offers a number with no member to join, and tells a suspended member only that", async () => {
    const stranger = ussd.newNumber();
    const fields = { serviceCode: "*384*1234#", networkCode: "62002", text: "" };
    const choose = await ussd.africasTalking({
      ...fields,
      sessionId: "ATUid_stranger",
      phoneNumber: stranger.at,
    });
    expect(choose.body).toBe("CON Anigye: choose language / Paw kasa\n1 English\n2 Twi");
    const join = await ussd.africasTalking({
      ...fields,
      sessionId: "ATUid_stranger",
      phoneNumber: stranger.at,
      text: "1",
    });
    expect(join.body).toBe(
      "CON Anigye: this number has no account yet.\n3 Shops near me\n5 Join Anigye free\n6 Language",
    );
    const { number } = await ussd.member({ isActive: false });
    const suspended = await ussd.africasTalking({
      ...fields,
      sessionId: "ATUid_suspended",
      phoneNumber: number.at,
    });
    expect(suspended.body).toBe("END Your Anigye account is suspended. Call +233 30 296 0000 for help.");
  });
});

describe("the menus, walked in English and Twi", () => {
  it("keeps every screen of every path within 160 characters", async () => {
    const kofi = await shop("ussd-walk-kofi", "Kofi's Chop Bar and Grill, Kejetia Market Branch Two");
    const ama = await shop("ussd-walk-ama", "Auntie Ama's Beauty Salon and Barbering Palace, Adum");
    const [draw] = await ctx.database.db
      .insert(prizeDraws)
      .values({
        title: "November 2026 Anigye monthly prize draw for every member",
        drawMonth: 11,
        drawYear: 2026,
        prizeTitle: "A Samsung Galaxy A16 phone with a year of free data bundles",
        drawDate: new Date("2026-12-01T18:00:00Z"),
      })
      .returning();
    const screens: { language: string; path: string; text: string }[] = [];
    const seen = <T extends { Message: string }>(language: string, path: string, answer: T): T => {
      screens.push({ language, path, text: answer.Message });
      return answer;
    };
    for (const language of ["en", "tw"] as const) {
      const { user, number } = await ussd.member({
        language,
        xpPoints: 123_456,
        prizePoints: 98_765,
        tier: "diamond",
      });
      await stampCard(user.id, kofi.companyId, 2);
      await stampCard(user.id, ama.companyId, 1);
      for (let i = 0; i < 7; i++) await rewardFor(user.id, i % 2 ? kofi.companyId : ama.companyId, 100);
      await ctx.database.db
        .insert(drawEntries)
        .values({ drawId: draw!.id, userId: user.id, entriesCount: 7, earnedEntries: 7 });

      const walk = ussd.hubtelSession(number.hubtel);
      const main = seen(language, "dial", await walk.dial());
      expect(main.Message).toContain(language === "en" ? "hello Adwoa" : "akwaaba Adwoa");
      seen(language, "1 points", await walk.type("1"));
      seen(language, "1 0 back", await walk.type("0"));
      const rewardsPage = seen(language, "2 rewards", await walk.type("2"));
      expect(rewardsPage.Message.split("\n").filter((line) => /^[1-5] /.test(line))).toHaveLength(5);
      const secondPage = seen(language, "2 9 more", await walk.type("9"));
      expect(secondPage.Message.split("\n").filter((line) => /^[1-5] /.test(line))).toHaveLength(2);
      seen(language, "2 9 0 back", await walk.type("0"));
      const drawShown = seen(language, "4 draw", await walk.type("4"));
      expect(drawShown.Message).toContain("Samsung");
      seen(language, "4 0 back", await walk.type("0"));
      seen(language, "7 not a choice", await walk.type("7"));
      seen(language, "6 language", await walk.type("6"));
      seen(language, "6 keep", await walk.type(language === "en" ? "1" : "2"));
      seen(language, "2 rewards again", await walk.type("2"));
      const code = seen(language, "2 1 code", await walk.type("1"));
      expect(code.Type).toBe("release");
      expect(code.Message).toMatch(/^Code [A-Z2-9]{4}-[A-Z2-9]{4}: 100% /);

      const later = ussd.hubtelSession(number.hubtel);
      seen(language, "later dial", await later.dial());
      seen(language, "later 2", await later.type("2"));
      seen(language, "later 2 9", await later.type("9"));
      seen(language, "later 2 9 2 code", await later.type("2"));

      // A first-time caller chooses a language, and it is saved as the member's.
      const newcomer = await ussd.member({ language: null });
      const first = ussd.hubtelSession(newcomer.number.hubtel);
      seen(language, "first dial", await first.dial());
      seen(language, "first 5 not a choice", await first.type("5"));
      const chosen = seen(language, "first choice", await first.type(language === "en" ? "1" : "2"));
      expect(chosen.Message).toContain(language === "en" ? "1 My points" : "1 Me points");
      const changed = ussd.hubtelSession(newcomer.number.hubtel);
      await changed.dial();
      await changed.type("6");
      seen(language, "6 switch", await changed.type(language === "en" ? "2" : "1"));

      const suspended = await ussd.member({ language, isActive: false });
      seen(language, "suspended", await ussd.hubtelSession(suspended.number.hubtel).dial());
      const stranger = ussd.hubtelSession(ussd.newNumber().hubtel);
      await stranger.dial();
      seen(language, "not a member", await stranger.type(language === "en" ? "1" : "2"));
      const emptyHanded = await ussd.member({ language });
      const empty = ussd.hubtelSession(emptyHanded.number.hubtel);
      await empty.dial();
      seen(language, "1 no cards", await empty.type("1"));
      await empty.type("0");
      seen(language, "2 no rewards", await empty.type("2"));
      await empty.type("0");
      seen(language, "release", await empty.end("Release"));
    }
    const tooLong = screens.filter((screen) => screen.text.length > 160);
    expect(tooLong).toEqual([]);
    // Every screen but the bilingual first choice is in the caller's language (a switch shows the other).
    const inOwnLanguage = screens.filter((screen) => screen.path !== "6 switch");
    const english = new Set(inOwnLanguage.filter((s) => s.language === "en").map((s) => s.text));
    const twiAsEnglish = inOwnLanguage.filter(
      (s) => s.language === "tw" && english.has(s.text) && !s.text.includes("Paw kasa"),
    );
    expect(twiAsEnglish).toEqual([]);
  });
});

describe("reward codes by USSD", () => {
  const device = { "x-device-fingerprint": "ussd-counter-phone" };
  const scan = (cookies: Record<string, string>, qrData: string) =>
    sendAs(ctx.app, cookies, "POST", "/api/merchant/scans", { qrData, action: "redeem" }, device);
  const codeIn = (message: string) => /Code ([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(message)?.[1] ?? "";

  it("gives a resent choice the same code and sends one SMS", async () => {
    const counter = await shop("ussd-code-once", "Kofi's Chop Bar");
    const { user, number } = await ussd.member();
    await rewardFor(user.id, counter.companyId, 15);
    const session = ussd.hubtelSession(number.hubtel);
    await session.dial();
    await session.type("2");
    const chosen = await session.type("1");
    const again = await session.resend("Response", "1");
    expect(again).toEqual(chosen);
    const texts = await textsTo(ctx.database.db, number.e164);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.textBody).toContain(codeIn(chosen.Message));
    expect(texts[0]!.textBody).toContain("15% off at Kofi's Chop Bar");
  });

  it("leaves one live code when two sessions ask for one reward at once, and it works at the counter for 10 minutes", async () => {
    const counter = await shop("ussd-code-race", "Kofi's Chop Bar");
    const { user, number } = await ussd.member();
    const reward = await rewardFor(user.id, counter.companyId, 20);
    const hubtel = ussd.hubtelSession(number.hubtel);
    await hubtel.dial();
    await hubtel.type("2");
    const at = {
      sessionId: "ATUid_race",
      serviceCode: "*384*1234#",
      phoneNumber: number.at,
      networkCode: "62001",
    };
    await ussd.africasTalking({ ...at, text: "" });
    await ussd.africasTalking({ ...at, text: "2" });
    const [viaHubtel, viaAt] = await Promise.all([
      hubtel.type("1"),
      ussd.africasTalking({ ...at, text: "2*1" }),
    ]);
    expect(viaAt.body.startsWith("END Code ")).toBe(true);
    const codes = [codeIn(viaHubtel.Message), codeIn(viaAt.body)];
    expect(codes[0]).not.toBe(codes[1]);
    const [row] = await ctx.database.db.select().from(rewards).where(eq(rewards.id, reward.id));
    const live = codes.find((code) => code.replace("-", "") === row!.qrTypedCode);
    const dead = codes.find((code) => code !== live)!;
    expect(live).toBeDefined();
    expect(row!.qrExpiresAt!.getTime() - clock.now().getTime()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(row!.qrExpiresAt!.getTime() - clock.now().getTime()).toBeGreaterThan(9 * 60 * 1000);
    expect((await scan(counter.staff, dead)).json().code).toBe("UNKNOWN_CODE");
    clock.advance(9 * 60 * 1000);
    const redeemed = await scan(counter.staff, live!);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect((await ctx.database.db.select().from(rewards).where(eq(rewards.id, reward.id)))[0]!.isUsed).toBe(
      true,
    );
  });

  it("makes at most 5 codes for one number in an hour", async () => {
    const counter = await shop("ussd-code-limit", "Kofi's Chop Bar");
    const { user, number } = await ussd.member();
    await rewardFor(user.id, counter.companyId, 10);
    const choose = async () => {
      const session = ussd.hubtelSession(number.hubtel);
      await session.dial();
      await session.type("2");
      return (await session.type("1")).Message;
    };
    for (let i = 0; i < 5; i++) expect(await choose()).toMatch(/^Code /);
    expect(await choose()).toBe("Too many requests from this number. Try again in an hour.");
    expect(await textsTo(ctx.database.db, number.e164)).toHaveLength(5);
    clock.advance(61 * 60 * 1000);
    expect(await choose()).toMatch(/^Code /);
  });

  it("ends a code ten minutes after it was made", async () => {
    const counter = await shop("ussd-code-ends", "Kofi's Chop Bar");
    const { user, number } = await ussd.member();
    await rewardFor(user.id, counter.companyId, 10);
    const session = ussd.hubtelSession(number.hubtel);
    await session.dial();
    await session.type("2");
    const code = codeIn((await session.type("1")).Message);
    clock.advance(10 * 60 * 1000 + 1000);
    expect((await scan(counter.staff, code)).json().code).toBe("EXPIRED_CODE");
  });
});
