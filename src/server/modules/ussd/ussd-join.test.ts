import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  companies,
  companyBranches,
  loyaltyCards,
  outboxMessages,
  referrals,
  rewards,
  users,
} from "../../db/schema";
import { createCompany, createUser } from "../../db/seed/factories";
import { shopWithCounter } from "../../test/counter-shop";
import { latestSmsCodeFor } from "../../test/outbox";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";

/*
 * "Shops near me" and joining by USSD, walked through both providers' exact shapes (Hubtel's JSON,
 * Africa's Talking's form and CON/END text) in English and Twi. Every screen met is at most 160
 * characters.
 */

const token = "ussd-join-test-token-0123456789abcdef";
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
let sessions = 0;
let numbers = 0;
const screens: { path: string; text: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ env: { USSD_CALLBACK_TOKEN: token }, overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
});
afterAll(async () => {
  await ctx.close();
});

function newNumber() {
  const local = `2710${String(++numbers).padStart(5, "0")}`;
  return { hubtel: `233${local}`, at: `+233${local}`, e164: `+233${local}`, typed: `0${local}` };
}

function hubtelSession(mobile: string, label: string) {
  const SessionId = `join-hubtel-${++sessions}`;
  let sequence = 0;
  const send = async (Type: string, Message: string) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/ussd/hubtel?token=${token}`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        Type,
        Mobile: mobile,
        SessionId,
        ServiceCode: "713*4",
        Message,
        Operator: "mtn",
        Sequence: String(++sequence),
        ClientState: "",
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { Type: string; Message: string };
    screens.push({ path: `${label} ${Message}`, text: answer.Message });
    return answer;
  };
  return {
    dial: () => send("Initiation", "*713*4#"),
    type: (message: string) => send("Response", message),
  };
}

/** An Africa's Talking session: `type` adds the input to the text joined by "*", as the gateway does. */
function atSession(phoneNumber: string, label: string) {
  const sessionId = `ATUid_join_${++sessions}`;
  const inputs: string[] = [];
  const send = async () => {
    const text = inputs.join("*");
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/ussd/africastalking?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        sessionId,
        serviceCode: "*384*1234#",
        phoneNumber,
        networkCode: "62001",
        text,
      }).toString(),
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

async function memberOf(phone: string) {
  return ctx.database.db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, phone), eq(users.isPhoneVerified, true)));
}

async function textsTo(phone: string) {
  await ctx.drainMessages();
  return ctx.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, "sms")));
}

/** A stamp the shop's counter held for a number no member has (the phone check-in, code read back). */
async function heldStamp(
  counter: Awaited<ReturnType<typeof shopWithCounter>>,
  phone: { typed: string; e164: string },
) {
  const device = { "x-device-fingerprint": "ussd-join-counter" };
  const sent = await sendAs(
    ctx.app,
    counter.staff,
    "POST",
    "/api/merchant/phone-checkins",
    { phoneNumber: phone.typed, idempotencyKey: `held-${phone.typed}`, action: "stamp", purchaseAmount: 25 },
    device,
  );
  expect(sent.statusCode, sent.body).toBe(201);
  const code = await latestSmsCodeFor(ctx.database.db, phone.e164);
  const held = await sendAs(
    ctx.app,
    counter.staff,
    "POST",
    `/api/merchant/phone-checkins/${sent.json().id}/confirm`,
    { code },
    device,
  );
  expect(held.json()).toMatchObject({ held: true });
}

async function stampsOf(userId: number, companyId: number) {
  const [card] = await ctx.database.db
    .select({ stamps: loyaltyCards.currentStamps })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.userId, userId), eq(loyaltyCards.companyId, companyId)));
  return card?.stamps ?? 0;
}

describe("joining by USSD", () => {
  it("offers a number no member has Shops near me, Join and Language", async () => {
    const stranger = newNumber();
    const session = hubtelSession(stranger.hubtel, "menu");
    await session.dial();
    const menu = await session.type("1");
    expect(menu).toMatchObject({
      Type: "response",
      Message: "Anigye: this number has no account yet.\n3 Shops near me\n5 Join Anigye free\n6 Language",
    });
    // 6 switches the session to Twi, and the menu follows.
    await session.type("6");
    const twi = await session.type("2");
    expect(twi.Message).toBe(
      "Anigye: akawnt biara nni nɔma yi so.\n3 Sotɔɔ a ɛbɛn me\n5 Bɛka Anigye ho kwa\n6 Kasa",
    );
    expect(await memberOf(stranger.e164)).toEqual([]);
  });

  it("makes the member by Hubtel in English, lands the held stamp at once and texts how to sign in", async () => {
    const counter = await shopWithCounter(ctx, "ussd-join-held");
    await ctx.database.db
      .update(companies)
      .set({ name: "Kofi's Chop Bar" })
      .where(eq(companies.id, counter.companyId));
    const kwame = newNumber();
    await heldStamp(counter, kwame);
    const session = hubtelSession(kwame.hubtel, "join-en");
    await session.dial();
    await session.type("1");
    expect((await session.type("5")).Message).toBe("Join Anigye: type your name");
    expect((await session.type("K")).Message).toBe(
      "Type a name of 2 to 40 letters.\nJoin Anigye: type your name",
    );
    expect((await session.type("Kwame  Boateng")).Message).toBe(
      "Invited by a friend? Type their invite code, or 0 to skip",
    );
    const confirm = await session.type("0");
    expect(confirm.Message).toBe("Join Anigye as Kwame Boateng?\n1 Yes, join\n2 No");
    expect(await memberOf(kwame.e164)).toEqual([]);
    const joined = await session.type("1");
    expect(joined.Type).toBe("release");
    expect(joined.Message).toContain("Welcome to Anigye, Kwame!");

    const [member] = await memberOf(kwame.e164);
    expect(member).toMatchObject({ displayName: "Kwame Boateng", language: "en", isActive: true });
    expect(member!.activatedAt).not.toBeNull();
    expect(member!.passwordHash).toBeNull();
    expect(await stampsOf(member!.id, counter.companyId)).toBe(1);

    const welcome = (await textsTo(kwame.e164)).filter((text) => text.textBody.includes("welcome"));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.textBody).toMatch(
      /^Anigye: welcome, Kwame! .* open localhost:\d+\/login, choose "Sign in with phone number"/,
    );

    // Dialling again: the member's menu, the landed stamp on it.
    const again = hubtelSession(kwame.hubtel, "join-en again");
    expect((await again.dial()).Message).toContain("hello Kwame\n1 My points and stamps");
    expect((await again.type("1")).Message).toContain("Kofi's Chop Bar 1/3");
  });

  it("makes the member by Africa's Talking in Twi with an invite code, counted as on the web", async () => {
    const inviter = await createUser(ctx.database.db, { displayName: "Efua Mensah" });
    const ama = newNumber();
    const session = atSession(ama.at, "join-tw");
    expect(await session.dial()).toBe("CON Anigye: choose language / Paw kasa\n1 English\n2 Twi");
    await session.type("2");
    expect(await session.type("5")).toBe("CON Bɛka Anigye ho: kyerɛw wo din");
    await session.type("Ama Serwaa");
    expect(await session.type("NOT A CODE")).toMatch(/^CON Ɛno nyɛ invite code\./);
    const confirm = await session.type(inviter.referralCode!.toLowerCase());
    expect(confirm).toBe(
      `CON Bɛka Anigye ho sɛ Ama Serwaa (invite code ${inviter.referralCode})?\n1 Aane, ka ho\n2 Daabi`,
    );
    expect(await session.type("1")).toMatch(/^END Akwaaba Anigye, Ama!/);
    const [member] = await memberOf(ama.e164);
    expect(member).toMatchObject({ displayName: "Ama Serwaa", language: "tw" });
    const [referral] = await ctx.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.referredId, member!.id));
    expect(referral).toMatchObject({
      referrerId: inviter.id,
      status: "pending",
      referralCode: inviter.referralCode,
    });
    const texts = await textsTo(ama.e164);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.textBody).toMatch(/^Anigye: akwaaba, Ama!/);
  });

  it("makes nobody when the caller says No, and an unknown invite code is ignored as on the web", async () => {
    const no = newNumber();
    const session = atSession(no.at, "join-no");
    await session.dial();
    await session.type("1");
    await session.type("5");
    await session.type("Yaw Mensah");
    await session.type("0");
    expect(await session.type("2")).toBe("END You have not joined. Dial again to join Anigye any time.");
    expect(await memberOf(no.e164)).toEqual([]);

    const unknown = newNumber();
    const other = hubtelSession(unknown.hubtel, "join-unknown-code");
    await other.dial();
    await other.type("1");
    await other.type("5");
    await other.type("Yaa Asantewaa");
    await other.type("ZZZZ9999ZZZZ");
    expect((await other.type("1")).Type).toBe("release");
    const [member] = await memberOf(unknown.e164);
    expect(
      await ctx.database.db.select().from(referrals).where(eq(referrals.referredId, member!.id)),
    ).toEqual([]);
  });

  it("makes one member when two sessions join one number at once", async () => {
    const both = newNumber();
    const hubtel = hubtelSession(both.hubtel, "race-hubtel");
    const at = atSession(both.at, "race-at");
    await hubtel.dial();
    await at.dial();
    for (const input of ["1", "5", "Kojo Antwi", "0"]) {
      await hubtel.type(input);
      await at.type(input);
    }
    const [viaHubtel, viaAt] = await Promise.all([hubtel.type("1"), at.type("1")]);
    const answers = [viaHubtel.Message, viaAt.slice(4)];
    expect(answers.filter((text) => text.startsWith("Welcome to Anigye, Kojo!"))).toHaveLength(1);
    expect(answers.filter((text) => text.startsWith("This number has just joined Anigye."))).toHaveLength(1);
    expect(await memberOf(both.e164)).toHaveLength(1);
    expect((await textsTo(both.e164)).filter((text) => text.textBody.includes("welcome"))).toHaveLength(1);
  });
});

describe("Shops near me", () => {
  it("lists regions, then towns, then the nearest five shops with something to earn, branches in their own town", async () => {
    const db = ctx.database.db;
    // Kumasi: six by pin (the nearest first), one by its city alone, one with nothing to earn, one unpaid.
    const kumasi = { lat: 6.6885, lng: -1.6244 };
    for (let i = 1; i <= 6; i++) {
      await createCompany(db, {
        name: `Kumasi Shop ${i} with a very long name for a basic phone screen`,
        latitude: kumasi.lat + i * 0.01,
        longitude: kumasi.lng,
      });
    }
    await createCompany(db, { name: "Adum Barbers", city: "Kumasi" });
    await createCompany(db, { name: "Nothing To Earn", city: "Kumasi", monthlyPointsAllocation: 0 });
    await createCompany(db, { name: "Unpaid Shop", city: "Kumasi", paidUntil: null });
    // A shop with an ad in Accra, with a branch in Tamale.
    const ad = await kit.publishAd(["NEAR-1"]);
    const advertiser = ad.company;
    await db
      .update(companies)
      .set({ name: "Auntie Ama's Salon", city: "Accra", monthlyPointsAllocation: 0 })
      .where(eq(companies.id, advertiser!.id));
    await db
      .update(companyBranches)
      .set({ name: "Osu", latitude: 5.556, longitude: -0.1818 })
      .where(eq(companyBranches.companyId, advertiser!.id));
    await db
      .insert(companyBranches)
      .values({ companyId: advertiser!.id, name: "Tamale Central", latitude: 9.4, longitude: -0.84 });
    // One shop in every other region, so the regions take more than a screen.
    for (const [city, n] of [
      ["Cape Coast", 1],
      ["Takoradi", 2],
      ["Koforidua", 3],
      ["Ho", 4],
      ["Bolgatanga", 5],
      ["Wa", 6],
      ["Sunyani", 7],
      ["Techiman", 8],
      ["Goaso", 9],
      ["Sefwi Wiawso", 10],
      ["Dambai", 11],
      ["Damongo", 12],
      ["Nalerigu", 13],
    ] as const) {
      await createCompany(db, { name: `Regional Shop ${n}`, city });
    }

    // A member, in English, by Hubtel.
    const adwoa = newNumber();
    await createUser(db, {
      displayName: "Adwoa Mensah",
      phoneNumber: adwoa.e164,
      isPhoneVerified: true,
      language: "en",
    });
    const walk = hubtelSession(adwoa.hubtel, "shops-en");
    expect((await walk.dial()).Message).toContain("\n3 Shops near me\n");
    const regions = await walk.type("3");
    expect(
      regions.Message.startsWith("Shops near me: your region?\n1 Greater Accra\n2 Ashanti\n3 Northern"),
    ).toBe(true);
    expect(regions.Message).toContain("\n9 More\n0 Back");
    const more = await walk.type("9");
    expect(more.Message).toMatch(/^Shops near me: your region\?\n1 /);
    expect(more.Message).toContain("North East");
    await walk.type("0");
    await walk.type("3");
    const towns = await walk.type("2");
    expect(towns.Message).toBe("Ashanti: your town?\n1 Kumasi\n0 Back");
    const shops = await walk.type("1");
    const lines = shops.Message.split("\n");
    expect(lines[0]).toBe("Shops in Kumasi:");
    expect(lines.at(-1)).toBe("0 Back");
    const listed = lines.slice(1, -1);
    expect(listed).toHaveLength(5);
    expect(listed[0]).toMatch(/^Kumasi Shop 1.*: points$/);
    expect(listed[4]).toMatch(/^Kumasi Shop 5/);
    expect(shops.Message).not.toContain("Nothing To Earn");
    expect(shops.Message).not.toContain("Unpaid");
    expect((await walk.type("0")).Message).toContain("hello Adwoa");

    // A caller with no account, in Twi, by Africa's Talking: the branch in Tamale is a shop there.
    const stranger = atSession(newNumber().at, "shops-tw");
    await stranger.dial();
    await stranger.type("2");
    const twRegions = await stranger.type("3");
    expect(twRegions).toMatch(/^CON Sotɔɔ a ɛbɛn me: wo mantam\?\n1 Greater Accra/);
    expect(await stranger.type("3")).toBe("CON Northern: wo kurow?\n1 Tamale\n0 San kɔ");
    expect(await stranger.type("1")).toBe(
      "CON Sotɔɔ wɔ Tamale:\nAuntie Ama's Salon, Tamale Central: adverts\n0 San kɔ",
    );
    expect(await stranger.type("0")).toMatch(/^CON Anigye: akawnt biara nni nɔma yi so\./);
    const accra = atSession(newNumber().at, "shops-accra");
    await accra.dial();
    await accra.type("1");
    await accra.type("3");
    await accra.type("1");
    expect(await accra.type("1")).toBe("CON Shops in Accra:\nAuntie Ama's Salon, Osu: ads\n0 Back");
  });
});

describe("reward codes by USSD on the audit log", () => {
  it("records each code handed out, for the reward and the member", async () => {
    const counter = await shopWithCounter(ctx, "ussd-join-audit");
    const number = newNumber();
    const member = await createUser(ctx.database.db, {
      displayName: "Esi Owusu",
      phoneNumber: number.e164,
      isPhoneVerified: true,
      language: "en",
    });
    const ad = await kit.publishAd(["AUDIT-1"]);
    const [reward] = await ctx.database.db
      .insert(rewards)
      .values({
        adId: ad.id,
        userId: member.id,
        companyId: counter.companyId,
        rewardType: "discount",
        discountPercent: 10,
      })
      .returning();
    const session = hubtelSession(number.hubtel, "audit");
    await session.dial();
    await session.type("2");
    expect((await session.type("1")).Message).toMatch(/^Code /);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "ussd.reward_code"), eq(auditLog.targetId, String(reward!.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: member.id, targetType: "reward" });
    expect(entries[0]!.after).toMatchObject({ phoneNumber: number.e164 });
  });
});

describe("every screen", () => {
  it("is at most 160 characters", () => {
    expect(screens.length).toBeGreaterThan(40);
    expect(screens.filter((screen) => screen.text.length > 160)).toEqual([]);
  });
});
