import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adDiscountCodes,
  ads,
  companyPointAllocations,
  ledgerEntries,
  memberSms,
  notifications,
  rewards,
} from "../../db/schema";
import { saveShopProgram, shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import {
  createTestContext,
  sendAs,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";
import { watchingKit } from "../../test/watching";

const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
let shops = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "counter-phone-1" };

function member(name = "Ama Owusu") {
  return signedInMember(ctx.database.db, "counter", { displayName: name });
}

function shop(program: Record<string, unknown> = {}) {
  return shopWithCounter(ctx, `counter-shop-${++shops}`, program);
}

const memberQr = async (cookies: Record<string, string>) =>
  (await sendAs(ctx.app, cookies, "GET", "/api/loyalty/qr")).json() as { qrData: string; shortCode: string };
const scan = (cookies: Record<string, string>, body: Record<string, unknown>) =>
  sendAs(ctx.app, cookies, "POST", "/api/merchant/scans", body, device);
const grant = (cookies: Record<string, string>, body: Record<string, unknown>) =>
  sendAs(ctx.app, cookies, "POST", "/api/merchant/points", body, device);
const cardsOf = async (cookies: Record<string, string>) =>
  (await sendAs(ctx.app, cookies, "GET", "/api/loyalty/cards")).json();

/** A discount reward on the ad for the member, as watching would have left it. */
async function rewardFor(userId: number, adId: number, companyId: number) {
  const [row] = await ctx.database.db
    .insert(rewards)
    .values({
      adId,
      userId,
      companyId,
      rewardType: "discount",
      discountPercent: 10,
      discountCode: `C-${userId}`,
    })
    .returning();
  return row!;
}

describe("counter staff sign-in", () => {
  /** A counter sign-in from an address, with the cookies a phone kept (the trusted-device one, if any). */
  const staffLogin = (body: Record<string, unknown>, from: string, cookies: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/merchant/login",
      payload: body,
      cookies,
      remoteAddress: from,
      headers: { "x-requested-with": "anigye", "sec-fetch-site": "same-origin" },
    });
  const trustedCookieOf = (response: { cookies: { name: string; value: string }[] }) =>
    Object.fromEntries(
      response.cookies.filter((c) => c.name === "anigye_counter").map((c) => [c.name, c.value]),
    );
  const wrongSignIn = "The business username, your name or the PIN is wrong";
  let sources = 0;
  const newSource = () => `10.77.${Math.floor(++sources / 250)}.${sources % 250}`;

  it("slows and then pauses one source's wrong PINs for a name, and the owner's unlock lets it in again", async () => {
    const counter = await shop();
    const guesser = newSource();
    const wrong = { username: counter.username, staffName: "Esi", pin: "1111" };
    for (let i = 0; i < 3; i++) {
      const refused = await staffLogin(wrong, guesser);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(wrongSignIn);
    }
    const slowed = await staffLogin(wrong, guesser);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/^Too many wrong PINs. Please try again in \d+ seconds/);
    clock.advance(31_000);
    for (let i = 0; i < 2; i++) expect((await staffLogin(wrong, guesser)).statusCode).toBe(401);
    const paused = await staffLogin(wrong, guesser);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toContain("or ask the owner to unlock you");
    const right = { ...wrong, pin: "2580" };
    // The guesser's source stays paused even with the right PIN.
    expect((await staffLogin(right, guesser)).statusCode).toBe(429);

    const unlocked = await sendAs(
      ctx.app,
      counter.owner,
      "POST",
      `/api/companies/${counter.companyId}/staff/${counter.staffId}/unlock`,
    );
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().lockedUntil).toBeNull();
    expect((await staffLogin(right, guesser)).statusCode).toBe(200);
  });

  it("lets a pause run out after 15 minutes", async () => {
    const counter = await shop();
    const guesser = newSource();
    const wrong = { username: counter.username, staffName: "Esi", pin: "1111" };
    for (let i = 0; i < 6; i++) {
      await staffLogin(wrong, guesser);
      clock.advance(11_000);
    }
    expect((await staffLogin({ ...wrong, pin: "2580" }, guesser)).statusCode).toBe(429);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await staffLogin({ ...wrong, pin: "2580" }, guesser)).statusCode).toBe(200);
  });

  it("never lets a stranger's wrong PINs stop the shop's own phone", async () => {
    const counter = await shop();
    const phone = newSource();
    const right = { username: counter.username, staffName: "Esi", pin: "2580" };
    const firstSignIn = await staffLogin(right, phone);
    expect(firstSignIn.statusCode).toBe(200);
    const trusted = trustedCookieOf(firstSignIn);
    expect(Object.keys(trusted)).toEqual(["anigye_counter"]);
    const setCookie = String(firstSignIn.headers["set-cookie"]);
    expect(setCookie).toMatch(
      /anigye_counter=[^;]+; Max-Age=31536000; Path=\/api\/merchant\/login; HttpOnly; SameSite=Strict/,
    );

    // Six wrong PINs from one address, then many from addresses all over: the name closes to new phones...
    const wrong = { ...right, pin: "1111" };
    for (let i = 0; i < 6; i++) {
      await staffLogin(wrong, "203.0.113.50");
      clock.advance(11_000);
    }
    expect((await staffLogin(right, phone, trusted)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await staffLogin(wrong, newSource());
    const newPhone = await staffLogin(right, newSource());
    expect(newPhone.statusCode).toBe(429);
    expect(newPhone.json().message).toContain("Sign in on the shop's usual phone");
    const staffList = await sendAs(
      ctx.app,
      counter.owner,
      "GET",
      `/api/companies/${counter.companyId}/staff`,
    );
    expect(staffList.json()[0].lockedUntil).not.toBeNull();

    // ...but the phone that signed in before still gets in, and a forged or foreign cookie doesn't help.
    const again = await staffLogin(right, phone, trusted);
    expect(again.statusCode).toBe(200);
    expect(again.json().actor).toMatchObject({ kind: "staff", staffName: "Esi" });
    // A stranger's own trusted cookie (another shop's staff) with Esi's id written in isn't valid.
    const other = await shop();
    const strangersCookie = trustedCookieOf(
      await staffLogin({ username: other.username, staffName: "Esi", pin: "2580" }, newSource()),
    ).anigye_counter!;
    const forged = {
      anigye_counter: `${counter.staffId}${strangersCookie.slice(strangersCookie.indexOf("."))}`,
    };
    expect((await staffLogin(right, newSource(), forged)).statusCode).toBe(429);
    const unsigned = { anigye_counter: String(counter.staffId) };
    expect((await staffLogin(right, newSource(), unsigned)).statusCode).toBe(429);

    // The owner's unlock opens the name to new phones at once.
    await sendAs(
      ctx.app,
      counter.owner,
      "POST",
      `/api/companies/${counter.companyId}/staff/${counter.staffId}/unlock`,
    );
    expect((await staffLogin(right, newSource())).statusCode).toBe(200);
  });

  it("answers a made-up business, a made-up name, a deactivated one and a wrong PIN alike", async () => {
    const counter = await shop();
    await sendAs(ctx.app, counter.owner, "POST", `/api/companies/${counter.companyId}/staff`, {
      name: "Kojo",
      pin: "3691",
    });
    const kojo = (await sendAs(ctx.app, counter.owner, "GET", `/api/companies/${counter.companyId}/staff`))
      .json()
      .find((member: { name: string }) => member.name === "Kojo");
    await sendAs(ctx.app, counter.owner, "DELETE", `/api/companies/${counter.companyId}/staff/${kojo.id}`);
    const tries = [
      { username: counter.username, staffName: "Esi", pin: "1111" },
      { username: counter.username, staffName: "Abena", pin: "1111" },
      { username: counter.username, staffName: "Kojo", pin: "3691" },
      { username: "no-such-shop", staffName: "Esi", pin: "1111" },
    ];
    const answers = [];
    for (const attempt of tries) {
      const source = newSource();
      const series = [];
      // The same answers, try after try: refused, then slowed (a made-up name is counted too).
      for (let i = 0; i < 4; i++) {
        const response = await staffLogin(attempt, source);
        series.push([response.statusCode, response.json().message.replace(/\d+/g, "#")]);
      }
      answers.push(series);
    }
    expect(answers[0]).toEqual([
      [401, wrongSignIn],
      [401, wrongSignIn],
      [401, wrongSignIn],
      [429, "Too many wrong PINs. Please try again in # seconds, or ask the owner to unlock you."],
    ]);
    for (const series of answers.slice(1)) expect(series).toEqual(answers[0]);

    // Closed to new phones alike, too.
    const closedAnswers = [];
    for (const attempt of tries.slice(0, 2)) {
      for (let i = 0; i < 10; i++) await staffLogin(attempt, newSource());
      const response = await staffLogin(attempt, newSource());
      closedAnswers.push([response.statusCode, response.json().message]);
    }
    expect(closedAnswers[0]![0]).toBe(429);
    expect(closedAnswers[1]).toEqual(closedAnswers[0]);
  });

  it("gives a staff session counter work only: no dashboard, no other shop", async () => {
    const a = await shop();
    const b = await shop();
    const me = await sendAs(ctx.app, a.staff, "GET", "/api/merchant/me");
    expect(me.json().actor).toMatchObject({ kind: "staff", companyId: a.companyId, staffName: "Esi" });
    for (const companyId of [a.companyId, b.companyId]) {
      for (const url of ["staff", "loyalty-program"]) {
        const refused = await sendAs(ctx.app, a.staff, "GET", `/api/companies/${companyId}/${url}`);
        expect([401, 403]).toContain(refused.statusCode);
      }
    }
    const ama = await member();
    const reward = await rewardFor(ama.user.id, (await kit.publishAd(["B1"])).id, b.companyId);
    const qr = (await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${reward.id}/qr`)).json();
    const wrongShop = await scan(a.staff, { qrData: qr.qrData, action: "redeem" });
    expect(wrongShop.statusCode).toBe(409);
    expect(wrongShop.json().code).toBe("NOT_THIS_SHOP");
  });

  it("refuses a consumer or a stranger at every counter route", async () => {
    const ama = await member();
    const qr = await memberQr(ama.cookies);
    for (const who of [ama.cookies, {}]) {
      expect((await scan(who, { qrData: qr.qrData, action: "stamp", purchaseAmount: 30 })).statusCode).toBe(
        401,
      );
      expect((await grant(who, { qrData: qr.qrData, points: 10 })).statusCode).toBe(401);
      expect((await sendAs(ctx.app, who, "GET", "/api/merchant/log")).statusCode).toBe(401);
      expect((await sendAs(ctx.app, who, "GET", "/api/merchant/dashboard")).statusCode).toBe(401);
    }
    expect((await cardsOf(ama.cookies)).cards).toEqual([]);
  });
});

describe("stamps", () => {
  it("stamps a card on the first visit, once a day, and only for the minimum spend", async () => {
    const counter = await shop();
    const ama = await member();
    const qr = await memberQr(ama.cookies);
    const small = await scan(counter.staff, { qrData: qr.qrData, action: "stamp", purchaseAmount: 19.99 });
    expect(small.statusCode).toBe(409);
    expect(small.json()).toMatchObject({ code: "BELOW_MINIMUM" });
    expect(small.json().message).toContain("GH₵ 20.00");

    const first = await scan(counter.staff, { qrData: qr.qrData, action: "stamp", purchaseAmount: 25 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      ok: true,
      message: "Stamp 1 of 3 for Ama.",
      card: { currentStamps: 1 },
    });

    const again = await scan(counter.staff, { qrData: qr.qrData, action: "stamp", purchaseAmount: 25 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "DAILY_LIMIT" });

    const cards = await cardsOf(ama.cookies);
    expect(cards.cards).toHaveLength(1);
    expect(cards.cards[0]).toMatchObject({ currentStamps: 1, requiredStamps: 3, rewardUnlocked: false });
  });

  it("refuses a new card when the program is full, taking nothing, and stamps it once the owner makes room", async () => {
    const counter = await shop({ maxActiveCards: 1 });
    const ama = await member();
    const kofi = await member("Kofi Boateng");
    const stampOf = async (cookies: Record<string, string>) =>
      scan(counter.staff, { qrData: (await memberQr(cookies)).qrData, action: "stamp", purchaseAmount: 25 });
    expect((await stampOf(ama.cookies)).statusCode).toBe(200);

    const full = await stampOf(kofi.cookies);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: "CARD_LIMIT",
      message: "This shop's loyalty program is full: it can't start new cards right now.",
    });
    expect((await cardsOf(kofi.cookies)).cards).toHaveLength(0);

    await saveShopProgram(ctx, counter, { maxActiveCards: 2 });
    // The refusal took nothing: the same day, Kofi's first stamp goes through.
    const stamped = await stampOf(kofi.cookies);
    expect(stamped.statusCode, stamped.body).toBe(200);
    expect(stamped.json()).toMatchObject({ message: "Stamp 1 of 3 for Kofi." });
  });

  it("starts a new card when the member's card ran out, and stamps the new one the next day", async () => {
    const counter = await shop({ requiredVisits: 5, validityDays: 7 });
    const ama = await member();
    const stampAma = async () =>
      scan(counter.staff, {
        qrData: (await memberQr(ama.cookies)).qrData,
        action: "stamp",
        purchaseAmount: 25,
      });
    expect((await stampAma()).json()).toMatchObject({ message: "Stamp 1 of 5 for Ama." });
    clock.advance(24 * 60 * 60 * 1000);
    expect((await stampAma()).json()).toMatchObject({ message: "Stamp 2 of 5 for Ama." });

    clock.advance(8 * 24 * 60 * 60 * 1000);
    const afresh = await stampAma();
    expect(afresh.statusCode, afresh.body).toBe(200);
    expect(afresh.json()).toMatchObject({ message: "Stamp 1 of 5 for Ama.", card: { currentStamps: 1 } });
    clock.advance(24 * 60 * 60 * 1000);
    expect((await stampAma()).json()).toMatchObject({ message: "Stamp 2 of 5 for Ama." });
  });

  it("stamps once when 50 scans of one member arrive at once", async () => {
    const counter = await shop();
    const ama = await member();
    const qr = await memberQr(ama.cookies);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        scan(counter.staff, { qrData: qr.qrData, action: "stamp", purchaseAmount: 30 }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || a.json().code === "DAILY_LIMIT")).toBe(true);
    expect((await cardsOf(ama.cookies)).cards[0].currentStamps).toBe(1);
    const xp = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, ama.user.id), eq(ledgerEntries.reason, "stamp")));
    expect(xp[0]!.n).toBe(1);
  });

  it("completes the card at the required visits, unlocks its reward for a later scan and starts a new card", async () => {
    const counter = await shop({ requiredVisits: 2 });
    const ama = await member();
    for (let day = 0; day < 2; day++) {
      const qr = await memberQr(ama.cookies);
      const stamped = await scan(counter.staff, { qrData: qr.qrData, action: "stamp", purchaseAmount: 40 });
      expect(stamped.statusCode, stamped.body).toBe(200);
      clock.advance(24 * 60 * 60 * 1000);
    }
    const cards = await cardsOf(ama.cookies);
    expect(cards.cards[0]).toMatchObject({ isCompleted: true, rewardUnlocked: true });
    // The full card queues one text ("your reward is ready"), which goes out by the SMS rules.
    const texts = await ctx.database.db.select().from(memberSms).where(eq(memberSms.userId, ama.user.id));
    expect(texts.map((text) => [text.kind, text.path])).toEqual([
      ["loyalty_reward_ready", "/loyalty-dashboard"],
    ]);

    const qr = await memberQr(ama.cookies);
    const claimed = await scan(counter.staff, { qrData: qr.qrData, action: "redeem" });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().message).toBe("Give Ama their reward: A free plate.");
    const twice = await scan(counter.staff, { qrData: qr.qrData, action: "redeem" });
    expect(twice.json().code).toBe("NOTHING_TO_CLAIM");

    const next = await scan(counter.staff, { qrData: qr.qrData, action: "stamp", purchaseAmount: 40 });
    expect(next.json().card).toMatchObject({ currentStamps: 1, requiredStamps: 2 });
  });

  it("refuses a member QR once its 60 seconds are over, and accepts the typed short code while it lives", async () => {
    const counter = await shop();
    const ama = await member();
    const qr = await memberQr(ama.cookies);
    const typed = await scan(counter.staff, { qrData: qr.shortCode.toLowerCase(), action: "lookup" });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().member.displayName).toBe("Ama");
    clock.advance(61_000);
    const late = await scan(counter.staff, { qrData: qr.qrData, action: "stamp", purchaseAmount: 30 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("EXPIRED_CODE");
    const log = (await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/log")).json();
    expect(log[0]).toMatchObject({
      accepted: false,
      isSuspicious: true,
      suspiciousReasons: ["expired_code"],
    });
  });
});

describe("offline scans", () => {
  it("counts a queued scan once however often it is sent, checked against the time it was made", async () => {
    const counter = await shop();
    const ama = await member();
    const qr = await memberQr(ama.cookies);
    const scannedAt = new Date(clock.now().getTime() + 20_000).toISOString();
    clock.advance(2 * 60 * 60 * 1000); // back online two hours later; the QR is long expired
    const body = {
      qrData: qr.qrData,
      action: "stamp",
      purchaseAmount: 30,
      idempotencyKey: "queued-scan-0001",
      scannedAt,
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => scan(counter.staff, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().alreadyApplied === false)).toHaveLength(1);
    const resent = await scan(counter.staff, body);
    expect(resent.json()).toMatchObject({ alreadyApplied: true, message: "Stamp 1 of 3 for Ama." });
    expect((await cardsOf(ama.cookies)).cards[0].currentStamps).toBe(1);
    const log = (await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/log")).json();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ accepted: true, synced: true, scannedAt });
  });

  it("stamps twice when last night's queued scan and this morning's live one arrive together, each told its own count", async () => {
    const counter = await shop({ requiredVisits: 5 });
    const ama = await member();
    const first = await scan(counter.staff, {
      qrData: (await memberQr(ama.cookies)).qrData,
      action: "stamp",
      purchaseAmount: 30,
    });
    expect(first.json().card.currentStamps).toBe(1);
    const day = 24 * 60 * 60 * 1000;
    // The next day at 23:59:45 in Accra (UTC all year): the code is shown, the counter is offline, the scan
    // waits on its phone.
    clock.set(new Date(Math.ceil(clock.now().getTime() / day) * day + day - 15_000));
    const qr = await memberQr(ama.cookies);
    const lastNight = new Date(clock.now().getTime() + 5_000).toISOString();
    clock.advance(25_000); // 00:00:10, online again: the same code is still alive for a live scan
    const queued = { qrData: qr.qrData, action: "stamp", purchaseAmount: 30, scannedAt: lastNight };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        n % 2 === 0
          ? scan(counter.staff, { ...queued, idempotencyKey: "queued-late-0001" })
          : scan(counter.staff, { qrData: qr.qrData, action: "stamp", purchaseAmount: 30 }),
      ),
    );
    const stamped = answers.filter((a) => a.statusCode === 200 && a.json().alreadyApplied === false);
    expect(stamped.map((a) => a.json().card.currentStamps).sort()).toEqual([2, 3]);
    expect(answers.every((a) => a.statusCode === 200 || a.json().code === "DAILY_LIMIT")).toBe(true);
    expect((await cardsOf(ama.cookies)).cards[0].currentStamps).toBe(3);
    const credits = await ctx.database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, ama.user.id), eq(ledgerEntries.reason, "stamp")));
    expect(credits).toHaveLength(3);
    const notices = await ctx.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, ama.user.id), eq(notifications.type, "stamp_added")));
    expect(notices.map((n) => n.message.slice(0, 6)).sort()).toEqual(["1 of 5", "2 of 5", "3 of 5"]);
  });

  it("credits a queued scan to the staff member who made it, and allows a phone clock running behind", async () => {
    const counter = await shop();
    const kojo = await sendAs(ctx.app, counter.owner, "POST", `/api/companies/${counter.companyId}/staff`, {
      name: "Kojo",
      pin: "4321",
    });
    const kojoLogin = await sendAs(ctx.app, {}, "POST", "/api/merchant/login", {
      username: counter.username,
      staffName: "Kojo",
      pin: "4321",
    });
    const kojoSession = sessionCookieFrom(kojoLogin);
    const ama = await member();
    const qr = await memberQr(ama.cookies);
    // Esi's phone is 20 s behind the server: its clock says the scan came before the code was made.
    const scannedAt = new Date(clock.now().getTime() - 20_000).toISOString();
    clock.advance(5 * 60 * 1000);
    const body = {
      qrData: qr.qrData,
      action: "stamp",
      purchaseAmount: 30,
      idempotencyKey: "queued-esi-0001",
      scannedAt,
    };
    const synced = await scan(kojoSession, { ...body, madeByStaffId: counter.staffId });
    expect(synced.statusCode, synced.body).toBe(200);
    const log = (await sendAs(ctx.app, counter.owner, "GET", "/api/merchant/log")).json();
    expect(log[0]).toMatchObject({ staffName: "Esi", synced: true });

    const other = await shop();
    const foreign = await scan(kojoSession, {
      ...body,
      idempotencyKey: "queued-esi-0002",
      madeByStaffId: other.staffId,
    });
    expect(foreign.statusCode).toBe(403);
    expect(kojo.statusCode).toBe(200);
  });

  it("gives a resent refusal the same refusal, and refuses a scan older than a day", async () => {
    const counter = await shop();
    const ama = await member();
    const qr = await memberQr(ama.cookies);
    const body = {
      qrData: qr.qrData,
      action: "stamp",
      purchaseAmount: 5,
      idempotencyKey: "queued-scan-0002",
    };
    expect((await scan(counter.staff, body)).json().code).toBe("BELOW_MINIMUM");
    expect((await scan(counter.staff, body)).json().code).toBe("BELOW_MINIMUM");
    const stale = new Date(clock.now().getTime() - 25 * 60 * 60 * 1000).toISOString();
    const old = await scan(counter.staff, {
      ...body,
      purchaseAmount: 30,
      idempotencyKey: "queued-scan-0003",
      scannedAt: stale,
    });
    expect(old.json().code).toBe("EXPIRED_CODE");
  });
});

describe("redeeming rewards", () => {
  it("redeems a reward QR once, and refuses it used, expired, or replaced", async () => {
    const counter = await shop();
    const ama = await member();
    const ad = await kit.publishAd(["R1"]);
    await ctx.database.db.update(ads).set({ companyId: counter.companyId }).where(eq(ads.id, ad.id));
    const reward = await rewardFor(ama.user.id, ad.id, counter.companyId);

    const first = (await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${reward.id}/qr`)).json();
    clock.advance(121_000);
    const expired = await scan(counter.staff, { qrData: first.qrData, action: "redeem" });
    expect(expired.json().code).toBe("EXPIRED_CODE");

    const older = (await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${reward.id}/qr`)).json();
    const fresh = (await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${reward.id}/qr`)).json();
    expect((await scan(counter.staff, { qrData: older.qrData, action: "redeem" })).json().code).toBe(
      "EXPIRED_CODE",
    );
    const lookup = await scan(counter.staff, { qrData: fresh.qrData, action: "lookup" });
    expect(lookup.json().message).toContain("ready to use");
    const used = await scan(counter.staff, { qrData: fresh.qrData, action: "redeem" });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().message).toMatch(/^Redeemed for Ama/);
    const again = await scan(counter.staff, { qrData: fresh.qrData, action: "redeem" });
    expect(again.json().code).toBe("ALREADY_USED");
    const tampered = fresh.qrData.replace(/.$/, (c: string) => (c === "A" ? "B" : "A"));
    expect((await scan(counter.staff, { qrData: tampered, action: "redeem" })).json().code).toBe(
      "UNKNOWN_CODE",
    );

    const mine = (await sendAs(ctx.app, ama.cookies, "GET", "/api/rewards/mine")).json();
    expect(mine[0]).toMatchObject({ status: "used" });
  });

  it("refuses a reward QR scanned offline once the member has shown a newer QR (the reward stays theirs)", async () => {
    const counter = await shop();
    const ama = await member();
    const reward = await rewardFor(ama.user.id, (await kit.publishAd(["O1"])).id, counter.companyId);
    const scanned = (await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${reward.id}/qr`)).json();
    const scannedAt = new Date(clock.now().getTime() + 30_000).toISOString();
    clock.advance(3 * 60 * 1000);
    await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${reward.id}/qr`);
    const synced = await scan(counter.staff, {
      qrData: scanned.qrData,
      action: "redeem",
      idempotencyKey: "queued-reward-0001",
      scannedAt,
    });
    expect(synced.json().code).toBe("EXPIRED_CODE");
    const mine = (await sendAs(ctx.app, ama.cookies, "GET", "/api/rewards/mine")).json();
    expect(mine.find((r: { id: number }) => r.id === reward.id).status).not.toBe("used");
  });

  it("redeems with a staff member's code typed on the member's phone, and locks after 5 wrong codes", async () => {
    const counter = await shop();
    const ama = await member();
    const ad = await kit.publishAd(["S1"]);
    const reward = await rewardFor(ama.user.id, ad.id, counter.companyId);
    const redeem = (staffCode: string) =>
      sendAs(ctx.app, ama.cookies, "POST", "/api/redemptions", {
        rewardId: reward.id,
        method: "staff",
        staffCode,
      });
    const wrongCode = counter.staffCode === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await redeem(wrongCode)).statusCode).toBe(400);
    expect((await redeem(counter.staffCode)).statusCode).toBe(429);
    clock.advance(15 * 60 * 1000 + 1000);
    const right = await redeem(counter.staffCode);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().redemption).toMatchObject({ method: "staff", staffName: "Esi" });
    expect((await redeem(counter.staffCode)).json().code).toBe("ALREADY_USED");
    const dashboard = (await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/dashboard")).json();
    expect(dashboard.today.redemptions).toBe(1);
    expect(dashboard.byStaff).toEqual([
      expect.objectContaining({ staffName: "Esi", today: expect.objectContaining({ redemptions: 1 }) }),
    ]);
  });

  it("lets at most 5 of 20 parallel staff-code guesses be checked", async () => {
    const counter = await shop();
    const ama = await member();
    const reward = await rewardFor(ama.user.id, (await kit.publishAd(["G1"])).id, counter.companyId);
    const wrongCode = counter.staffCode === "000000" ? "111111" : "000000";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        sendAs(ctx.app, ama.cookies, "POST", "/api/redemptions", {
          rewardId: reward.id,
          method: "staff",
          staffCode: wrongCode,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(15);
  });

  it("lets exactly the last 10 of 200 parallel redemptions through an ad's cap", async () => {
    const counter = await shop();
    const ad = await kit.publishAd(["P1"]);
    await ctx.database.db
      .update(ads)
      .set({ maxRedemptions: 1000, currentRedemptions: 990 })
      .where(eq(ads.id, ad.id));
    const holders = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const m = await member();
        const reward = await rewardFor(m.user.id, ad.id, counter.companyId);
        return { cookies: m.cookies, rewardId: reward.id };
      }),
    );
    const answers = await Promise.all(
      holders.map((h) =>
        sendAs(ctx.app, h.cookies, "POST", "/api/redemptions", { rewardId: h.rewardId, method: "self" }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.json().code === "CAP_REACHED")).toBe(
      true,
    );
    const [row] = await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(row!.currentRedemptions).toBe(1000);
  });

  it("won't let an owner lower an ad's maximum below the redemptions already made", async () => {
    const ad = await kit.publishAd(["M1"]);
    await ctx.database.db.update(ads).set({ currentRedemptions: 5 }).where(eq(ads.id, ad.id));
    const body = {
      title: "Watch me",
      category: "Food & Dining",
      mediaId: ad.mediaId,
      durationSeconds: 10,
      rewardType: "discount",
      discountPercent: 10,
      discountCodes: ["M1"],
      xpPointsReward: 25,
    };
    const url = `/api/companies/${ad.company.id}/ads/${ad.id}`;
    const lower = await sendAs(ctx.app, ad.companyCookies, "PUT", url, { ...body, maxRedemptions: 4 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().fields.maxRedemptions).toBe(
      "This offer has already been redeemed 5 times: the maximum can't be lower",
    );
    const same = await sendAs(ctx.app, ad.companyCookies, "PUT", url, { ...body, maxRedemptions: 5 });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("keeps an ad's daily cap under parallel redemptions, and opens again the next Accra day", async () => {
    const counter = await shop();
    const ad = await kit.publishAd(["D1"], { dailyRedemptionCap: 3, weeklyRedemptionCap: 5 });
    const holders = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const m = await member();
        return { cookies: m.cookies, rewardId: (await rewardFor(m.user.id, ad.id, counter.companyId)).id };
      }),
    );
    const redeem = (h: (typeof holders)[number]) =>
      sendAs(ctx.app, h.cookies, "POST", "/api/redemptions", { rewardId: h.rewardId, method: "self" });
    const today = await Promise.all(holders.slice(0, 8).map(redeem));
    expect(today.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(today.find((a) => a.statusCode !== 200)?.json().message).toContain("daily limit of 3");
    clock.advance(24 * 60 * 60 * 1000);
    const tomorrow = await Promise.all(holders.slice(8).map(redeem));
    // A week allows 5 in all (unless the clock crossed into a new ISO week).
    expect(tomorrow.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(3);
    expect(tomorrow.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(2);
  });
});

describe("points", () => {
  it("never spends past the shop's monthly allocation under parallel grants", async () => {
    const counter = await shop();
    const qrs = await Promise.all(
      Array.from({ length: 10 }, async () => (await memberQr((await member()).cookies)).qrData),
    );
    // Use up all but 50 of this month's allocation first.
    const first = await grant(counter.staff, { qrData: qrs[0], points: 10 });
    expect(first.statusCode, first.body).toBe(200);
    await ctx.database.db
      .update(companyPointAllocations)
      .set({ remainingPoints: 50, usedPoints: sql`allocated_points - 50` })
      .where(eq(companyPointAllocations.companyId, counter.companyId));
    const answers = await Promise.all(qrs.map((qrData) => grant(counter.staff, { qrData, points: 10 })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(
      answers.filter((a) => a.statusCode !== 200).every((a) => a.json().code === "ALLOCATION_USED"),
    ).toBe(true);
    const dashboard = (await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/dashboard")).json();
    expect(dashboard.allocation.remaining).toBe(0);
  });

  it("keeps a member within the daily limit when shops grant at once, a refused grant taking nothing", async () => {
    const counters = await Promise.all(Array.from({ length: 5 }, () => shop()));
    const ama = await member();
    const { qrData } = await memberQr(ama.cookies);
    expect((await grant(counters[0]!.staff, { qrData, points: 55 })).statusCode).toBe(200);

    const answers = await Promise.all(
      counters.slice(1).map((counter) => grant(counter.staff, { qrData, points: 20 })),
    );

    const granted = answers.filter((answer) => answer.statusCode === 200);
    expect(granted).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: "POINTS_LIMIT",
        message: "Ama can receive only 5 more points today (100 a day).",
      });
    }
    expect(await cardsOf(ama.cookies)).toMatchObject({ pointsBalance: 95, pointsToday: 95 });
    const [ledger] = await ctx.database.db
      .select({ total: sql<number>`sum(amount)::int`, rows: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, ama.user.id), eq(ledgerEntries.currency, "prize_points")));
    expect(ledger).toEqual({ total: 95, rows: 3 });
    // Each shop whose grant was refused spent nothing of its month.
    const spent = await Promise.all(
      counters.slice(1).map(async (counter) => {
        const dashboard = await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/dashboard");
        return dashboard.json().allocation.used;
      }),
    );
    expect(spent.map((used, n) => [used, answers[n]!.statusCode])).toEqual(
      answers.map((answer) => [answer.statusCode === 200 ? 20 : 0, answer.statusCode]),
    );
  });

  it("gives exactly one draw entry when grants from three shops at once carry a member past 100 points", async () => {
    const counters = await Promise.all(Array.from({ length: 4 }, () => shop()));
    const kofi = await member("Kofi Mensah");
    const first = await grant(counters[0]!.staff, {
      qrData: (await memberQr(kofi.cookies)).qrData,
      points: 90,
    });
    expect(first.json()).toMatchObject({ drawEntryEarned: false });
    clock.advance(24 * 60 * 60 * 1000);
    const { qrData } = await memberQr(kofi.cookies);

    const asked = counters.slice(1).map((counter, n) => ({
      staff: counter.staff,
      body: { qrData, points: 10, idempotencyKey: `kofi-past-100-${n}` },
    }));
    const answers = await Promise.all(asked.map(({ staff, body }) => grant(staff, body)));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().drawEntryEarned)).toHaveLength(1);
    // What each grant logged is what it answered: a phone that resends (no answer came back) reads the same.
    const resent = await Promise.all(asked.map(({ staff, body }) => grant(staff, body)));
    resent.forEach((again, n) => {
      const { alreadyApplied, ...first } = answers[n]!.json();
      expect(alreadyApplied).toBe(false);
      expect(again.json()).toEqual({ ...first, alreadyApplied: true });
    });
    expect(answers.find((answer) => answer.json().drawEntryEarned)!.json().message).toBe(
      "10 points for Kofi — and a prize-draw entry!",
    );
    expect(await cardsOf(kofi.cookies)).toMatchObject({ pointsBalance: 120, pointsToday: 30 });
    const collection = (await sendAs(ctx.app, kofi.cookies, "GET", "/api/rewards/collection")).json();
    expect(collection.draw.entries).toBe(1);
  });

  it("gives a member at most 100 points a day across shops, each change a ledger row, with a draw entry per 100", async () => {
    const a = await shop();
    const b = await shop();
    const ama = await member();
    const qr = await memberQr(ama.cookies);
    expect((await grant(a.staff, { qrData: qr.qrData, points: 60, purchaseAmount: 120 })).statusCode).toBe(
      200,
    );
    const over = await grant(b.staff, { qrData: qr.qrData, points: 60 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: "POINTS_LIMIT",
      message: "Ama can receive only 40 more points today (100 a day).",
    });
    const rest = await grant(b.staff, { qrData: qr.qrData, points: 40 });
    expect(rest.json()).toMatchObject({ memberPointsToday: 100, drawEntryEarned: true });
    const cards = await cardsOf(ama.cookies);
    expect(cards).toMatchObject({ pointsBalance: 100, pointsToday: 100, dailyPointLimit: 100 });
    const ledger = await ctx.database.db
      .select({ total: sql<number>`sum(amount)::int`, rows: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, ama.user.id), eq(ledgerEntries.currency, "prize_points")));
    expect(ledger[0]).toEqual({ total: 100, rows: 2 });
    const collection = (await sendAs(ctx.app, ama.cookies, "GET", "/api/rewards/collection")).json();
    expect(collection.draw.entries).toBe(1);
  });

  it("checks the Point grant rules: 1 to 100 points, note up to 200", async () => {
    const counter = await shop();
    const qr = await memberQr((await member()).cookies);
    for (const points of [0, 101, 2.5]) {
      const refused = await grant(counter.staff, { qrData: qr.qrData, points });
      expect(refused.statusCode).toBe(400);
    }
    const longNote = await grant(counter.staff, {
      qrData: qr.qrData,
      points: 5,
      transactionNote: "x".repeat(201),
    });
    expect(longNote.json().message).toBe("Note must be at most 200 characters");
  });
});

describe("a shop's poster page", () => {
  it("shows the shop, its program and the member's card, never stamping", async () => {
    const counter = await shop();
    const ama = await member();
    const place = await sendAs(ctx.app, ama.cookies, "GET", `/api/loyalty/places/${counter.companyId}`);
    expect(place.json()).toMatchObject({ program: { requiredVisits: 3, minimumSpend: 20 }, myCard: null });
    expect((await sendAs(ctx.app, {}, "GET", "/api/loyalty/places/999999")).statusCode).toBe(404);
    const codes = await ctx.database.db.select().from(adDiscountCodes).limit(1);
    expect(codes).toBeDefined();
  });
});
