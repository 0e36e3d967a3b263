import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, companies, companyBranches, referrals, rewards, users } from "../../db/schema";
import { createCompany, createUser } from "../../db/seed/factories";
import { holdForNumber, shopWithCounter, stampsOf } from "../../test/counter-shop";
import { textsTo } from "../../test/outbox";
import { createTestContext, type TestContext, testClock } from "../../test/test-app";
import { ussdCalls } from "../../test/ussd-calls";
import { watchingKit } from "../../test/watching";

/*
 * "Shops near me" and joining by USSD, walked through both providers' exact shapes (Hubtel's JSON,
 * Africa's Talking's form and CON/END text) in English and Twi. Every screen met is at most 160
 * characters.
 */

const token = "ussd-join-test-token-0123456789abcdef";
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
const device = { "x-device-fingerprint": "ussd-join-counter" };
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
let ussd: ReturnType<typeof ussdCalls>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { USSD_CALLBACK_TOKEN: token }, overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
  ussd = ussdCalls(ctx, token);
});
afterAll(async () => {
  await ctx.close();
});

async function memberOf(phone: string) {
  return ctx.database.db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, phone), eq(users.isPhoneVerified, true)));
}

describe("joining by USSD", () => {
  it("offers a number no member has Shops near me, Join and Language", async () => {
    const stranger = ussd.newNumber();
    const session = ussd.hubtelSession(stranger.hubtel, "menu");
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
    const kwame = ussd.newNumber();
    await holdForNumber(ctx, counter.staff, kwame, { action: "stamp", purchaseAmount: 25 }, device);
    const session = ussd.hubtelSession(kwame.hubtel, "join-en");
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
    expect(await stampsOf(ctx.database.db, member!.id, counter.companyId)).toBe(1);

    const welcome = (await textsTo(ctx.database.db, kwame.e164)).filter((text) =>
      text.textBody.includes("welcome"),
    );
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.textBody).toMatch(
      /^Anigye: welcome, Kwame! .* open localhost:\d+\/login, choose "Sign in with phone number"/,
    );

    // Dialling again: the member's menu, the landed stamp on it.
    const again = ussd.hubtelSession(kwame.hubtel, "join-en again");
    expect((await again.dial()).Message).toContain("hello Kwame\n1 My points and stamps");
    expect((await again.type("1")).Message).toContain("Kofi's Chop Bar 1/3");
  });

  it("makes the member by Africa's Talking in Twi with an invite code, counted as on the web", async () => {
    const inviter = await createUser(ctx.database.db, { displayName: "Efua Mensah" });
    const ama = ussd.newNumber();
    const session = ussd.atSession(ama.at, "join-tw");
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
    const texts = await textsTo(ctx.database.db, ama.e164);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.textBody).toMatch(/^Anigye: akwaaba, Ama!/);
  });

  it("makes nobody when the caller says No, and an unknown invite code is ignored as on the web", async () => {
    const no = ussd.newNumber();
    const session = ussd.atSession(no.at, "join-no");
    await session.dial();
    await session.type("1");
    await session.type("5");
    await session.type("Yaw Mensah");
    await session.type("0");
    expect(await session.type("2")).toBe("END You have not joined. Dial again to join Anigye any time.");
    expect(await memberOf(no.e164)).toEqual([]);

    const unknown = ussd.newNumber();
    const other = ussd.hubtelSession(unknown.hubtel, "join-unknown-code");
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
    const both = ussd.newNumber();
    const hubtel = ussd.hubtelSession(both.hubtel, "race-hubtel");
    const at = ussd.atSession(both.at, "race-at");
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
    expect(
      (await textsTo(ctx.database.db, both.e164)).filter((text) => text.textBody.includes("welcome")),
    ).toHaveLength(1);
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
    const adwoa = await ussd.member();
    const walk = ussd.hubtelSession(adwoa.number.hubtel, "shops-en");
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
    const stranger = ussd.atSession(ussd.newNumber().at, "shops-tw");
    await stranger.dial();
    await stranger.type("2");
    const twRegions = await stranger.type("3");
    expect(twRegions).toMatch(/^CON Sotɔɔ a ɛbɛn me: wo mantam\?\n1 Greater Accra/);
    expect(await stranger.type("3")).toBe("CON Northern: wo kurow?\n1 Tamale\n0 San kɔ");
    expect(await stranger.type("1")).toBe(
      "CON Sotɔɔ wɔ Tamale:\nAuntie Ama's Salon, Tamale Central: adverts\n0 San kɔ",
    );
    expect(await stranger.type("0")).toMatch(/^CON Anigye: akawnt biara nni nɔma yi so\./);
    const accra = ussd.atSession(ussd.newNumber().at, "shops-accra");
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
    const { user: member, number } = await ussd.member({ displayName: "Esi Owusu" });
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
    const session = ussd.hubtelSession(number.hubtel, "audit");
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
    expect(ussd.screens.length).toBeGreaterThan(40);
    expect(ussd.screens.filter((screen) => screen.text.length > 160)).toEqual([]);
  });
});
