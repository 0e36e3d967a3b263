import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCedis } from "../../../shared/money";
import { ads, rewards } from "../../db/schema";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { twiOf } from "../../test/twi-messages";
import { watchingKit } from "../../test/watching";

// The counter's and a member's redemption answers in the language the phone asks for
// (docs/product-rules.md#language-english-and-twi).

const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
let shops = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
});
afterAll(() => ctx.close());

const twi = { "accept-language": "tw", "x-device-fingerprint": "counter-phone-tw" };
const english = { "x-device-fingerprint": "counter-phone-tw" };

function member(name = "Ama Owusu") {
  return signedInMember(ctx.database.db, "countertw", { displayName: name });
}

/** A shop with a 2-visit loyalty program and a signed-in counter staff member. */
function shop() {
  return shopWithCounter(ctx, `tw-shop-${++shops}`, { requiredVisits: 2 });
}

const memberQr = async (cookies: Record<string, string>) =>
  (await sendAs(ctx.app, cookies, "GET", "/api/loyalty/qr")).json() as { qrData: string };
const scan = (
  cookies: Record<string, string>,
  body: Record<string, unknown>,
  headers: Record<string, string> = twi,
) => sendAs(ctx.app, cookies, "POST", "/api/merchant/scans", body, headers);

/** A discount reward at the shop for the member, as watching an ad would have left it. */
async function rewardAt(userId: number, companyId: number, code: string) {
  const ad = await kit.publishAd([code]);
  await ctx.database.db.update(ads).set({ companyId }).where(eq(ads.id, ad.id));
  const [row] = await ctx.database.db
    .insert(rewards)
    .values({
      adId: ad.id,
      userId,
      companyId,
      rewardType: "discount",
      discountPercent: 10,
      discountCode: code,
    })
    .returning();
  return row!;
}

describe("the counter's answers in Twi", () => {
  it("says stamps, look-ups, a full card and its reward in Twi, and in English word for word otherwise", async () => {
    const counter = await shop();
    const ama = await member();
    const stranger = await member("Kofi Boateng");

    const nothingYet = await scan(counter.staff, {
      qrData: (await memberQr(ama.cookies)).qrData,
      action: "lookup",
    });
    expect(nothingYet.statusCode, nothingYet.body).toBe(200);
    expect(nothingYet.json().message).toBe(twiOf("{name} has no stamp card here yet.", { name: "Ama" }));

    const stamp = { qrData: (await memberQr(ama.cookies)).qrData, action: "stamp", purchaseAmount: 25 };
    const first = await scan(counter.staff, { ...stamp, idempotencyKey: "tw-stamp-0001" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(
      twiOf("Stamp {current} of {required} for {name}.", { current: 1, required: 2, name: "Ama" }),
    );
    // A resend is answered from the log: in the language it asks for, English here.
    const resent = await scan(counter.staff, { ...stamp, idempotencyKey: "tw-stamp-0001" }, english);
    expect(resent.json()).toMatchObject({ alreadyApplied: true, message: "Stamp 1 of 2 for Ama." });
    expect(resent.json()).not.toHaveProperty("said");

    const lookup = await scan(counter.staff, {
      qrData: (await memberQr(ama.cookies)).qrData,
      action: "lookup",
    });
    expect(lookup.json().message).toBe(
      twiOf("{name} has {current} of {required} stamps.", { name: "Ama", current: 1, required: 2 }),
    );
    const lookupInEnglish = await scan(
      counter.staff,
      { qrData: (await memberQr(ama.cookies)).qrData, action: "lookup" },
      english,
    );
    expect(lookupInEnglish.json().message).toBe("Ama has 1 of 2 stamps.");

    clock.advance(24 * 60 * 60 * 1000);
    const full = await scan(counter.staff, { ...stamp, qrData: (await memberQr(ama.cookies)).qrData });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().message).toBe(
      twiOf("Card complete for {name}! {reward} is unlocked: scan Redeem to hand it over.", {
        name: "Ama",
        reward: "A free plate",
      }),
    );
    const waiting = await scan(counter.staff, {
      qrData: (await memberQr(ama.cookies)).qrData,
      action: "lookup",
    });
    expect(waiting.json().message).toBe(
      twiOf("{name} has a reward waiting: {reward}.", { name: "Ama", reward: "A free plate" }),
    );
    const given = await scan(counter.staff, {
      qrData: (await memberQr(ama.cookies)).qrData,
      action: "redeem",
    });
    expect(given.json().message).toBe(
      twiOf("Give {name} their reward: {reward}.", { name: "Ama", reward: "A free plate" }),
    );

    const points = await sendAs(
      ctx.app,
      counter.staff,
      "POST",
      "/api/merchant/points",
      { qrData: (await memberQr(stranger.cookies)).qrData, points: 5 },
      twi,
    );
    expect(points.statusCode, points.body).toBe(200);
    expect(points.json().message).toBe(twiOf("{points} points for {name}.", { points: 5, name: "Kofi" }));

    // Today's log (the day of the full card) says each accepted scan in the language asked for.
    const log = (await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/log", undefined, twi)).json();
    expect(log.map((line: { message: string }) => line.message)).toEqual(
      expect.arrayContaining([
        twiOf("Give {name} their reward: {reward}.", { name: "Ama", reward: "A free plate" }),
        twiOf("{points} points for {name}.", { points: 5, name: "Kofi" }),
      ]),
    );
    const englishLog = (await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/log")).json();
    expect(englishLog.map((line: { message: string }) => line.message)).toContain("5 points for Kofi.");
  });

  it("says a reward QR's state and its redemption in Twi", async () => {
    const counter = await shop();
    const ama = await member();
    const reward = await rewardAt(ama.user.id, counter.companyId, "TW-QR-1");
    const qr = (await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${reward.id}/qr`)).json();
    const title = (await scan(counter.staff, { qrData: qr.qrData, action: "lookup" }, english)).json().reward
      .title as string;

    const lookup = await scan(counter.staff, { qrData: qr.qrData, action: "lookup" });
    expect(lookup.json().message).toBe(twiOf("{reward}: ready to use.", { reward: title }));
    const used = await scan(counter.staff, { qrData: qr.qrData, action: "redeem" });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().message).toBe(twiOf("Redeemed for {name}: {reward}.", { name: "Ama", reward: title }));
    const after = await scan(counter.staff, { qrData: qr.qrData, action: "lookup" });
    expect(after.json().message).toBe(twiOf("{reward}: already used.", { reward: title }));
  });
});

describe("the counter's refusals in Twi", () => {
  it("refuses an unknown code, a reward QR to stamp and another shop's reward in Twi, in the log too", async () => {
    const counter = await shop();
    const elsewhere = await shop();
    const ama = await member();
    const unknown = await scan(counter.staff, { qrData: "ZZZ-999", action: "stamp", purchaseAmount: 25 });
    expect(unknown.json()).toMatchObject({
      code: "UNKNOWN_CODE",
      message: twiOf(
        "We don't recognise this code. Ask the customer to open their Anigye loyalty card and try again.",
      ),
    });

    const reward = await rewardAt(ama.user.id, elsewhere.companyId, "TW-ELSEWHERE-1");
    const qr = (await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${reward.id}/qr`)).json();
    const notHere = await scan(counter.staff, { qrData: qr.qrData, action: "redeem" });
    expect(notHere.json()).toMatchObject({
      code: "NOT_THIS_SHOP",
      message: twiOf("This reward is for another shop. It can't be used here."),
    });
    const toStamp = await scan(elsewhere.staff, { qrData: qr.qrData, action: "stamp" });
    expect(toStamp.json().message).toBe(
      twiOf("This is a reward QR. Choose Redeem to use it, or scan the loyalty card to stamp."),
    );

    const log = (await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/log", undefined, twi)).json();
    expect(log.map((line: { message: string }) => line.message)).toEqual(
      expect.arrayContaining([twiOf("This reward is for another shop. It can't be used here.")]),
    );
  });

  it("names the missing fields of a staff sign-in in Twi, messages built from each field's label", async () => {
    const signIn = await sendAs(
      ctx.app,
      {},
      "POST",
      "/api/merchant/login",
      { username: "", staffName: "", pin: "12" },
      twi,
    );
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().fields).toMatchObject({
      username: twiOf("Business username is required"),
      staffName: twiOf("Your name is required"),
      pin: twiOf("PIN must be 4 to 6 digits"),
    });
  });
});

describe("a member's own redemption in Twi", () => {
  it("answers a staff-code and an online redemption in Twi", async () => {
    const counter = await shop();
    const ama = await member();
    const atCounter = await rewardAt(ama.user.id, counter.companyId, "TW-STAFF-1");
    const withStaff = await sendAs(
      ctx.app,
      ama.cookies,
      "POST",
      "/api/redemptions",
      { rewardId: atCounter.id, method: "staff", staffCode: counter.staffCode },
      twi,
    );
    expect(withStaff.statusCode, withStaff.body).toBe(200);
    expect(withStaff.json().message).toBe(twiOf("Redeemed with {staff}. Enjoy!", { staff: "Esi" }));

    const online = await rewardAt(ama.user.id, counter.companyId, "TW-SELF-1");
    const self = await sendAs(
      ctx.app,
      ama.cookies,
      "POST",
      "/api/redemptions",
      { rewardId: online.id, method: "self" },
      twi,
    );
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json().message).toBe(twiOf("Marked as used. Enjoy your discount!"));

    const noCode = await sendAs(
      ctx.app,
      ama.cookies,
      "POST",
      "/api/redemptions",
      { rewardId: (await rewardAt(ama.user.id, counter.companyId, "TW-NOCODE-1")).id, method: "staff" },
      twi,
    );
    expect(noCode.json().fields).toEqual({
      staffCode: twiOf("Ask the staff member to type their staff code"),
    });
  });
});

describe("the counter's refusals with values in Twi", () => {
  it("says the daily stamp limit, the minimum spend and nothing to claim in Twi, in the log and a resend too", async () => {
    const counter = await shop();
    const ama = await member("Ama Serwaa");
    const qr = async () => (await memberQr(ama.cookies)).qrData;

    const noAmount = await scan(counter.staff, { qrData: await qr(), action: "stamp" });
    expect(noAmount.json()).toMatchObject({
      code: "BELOW_MINIMUM",
      message: twiOf("Enter the purchase amount: a stamp needs a purchase of at least {minimum}.", {
        minimum: formatCedis(2000),
      }),
    });
    const small = await scan(
      counter.staff,
      { qrData: await qr(), action: "stamp", purchaseAmount: 5 },
      english,
    );
    expect(small.json()).toMatchObject({
      code: "BELOW_MINIMUM",
      message: `The purchase is below the ${formatCedis(2000)} minimum for a stamp.`,
    });

    const first = await scan(counter.staff, { qrData: await qr(), action: "stamp", purchaseAmount: 25 });
    expect(first.statusCode, first.body).toBe(200);
    const again = {
      qrData: await qr(),
      action: "stamp",
      purchaseAmount: 25,
      idempotencyKey: "tw-daily-0001",
    };
    const twice = await scan(counter.staff, again);
    expect(twice.json()).toMatchObject({
      code: "DAILY_LIMIT",
      message: twiOf("{name} already got today's stamp here. Come back tomorrow!", { name: "Ama" }),
    });
    // The resend is refused from the log, in the language it asks for.
    const resent = await scan(counter.staff, again, english);
    expect(resent.json()).toMatchObject({
      code: "DAILY_LIMIT",
      message: "Ama already got today's stamp here. Come back tomorrow!",
    });

    const early = await scan(counter.staff, { qrData: await qr(), action: "redeem" });
    expect(early.json()).toMatchObject({
      code: "NOTHING_TO_CLAIM",
      message: twiOf("No stamp-card reward to claim yet: {current} of {required} stamps.", {
        current: 1,
        required: 2,
      }),
    });
    const earlyInEnglish = await scan(counter.staff, { qrData: await qr(), action: "redeem" }, english);
    expect(earlyInEnglish.json().message).toBe("No stamp-card reward to claim yet: 1 of 2 stamps.");

    const log = (await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/log", undefined, twi)).json();
    expect(log.map((line: { message: string }) => line.message)).toEqual(
      expect.arrayContaining([
        twiOf("{name} already got today's stamp here. Come back tomorrow!", { name: "Ama" }),
        twiOf("The purchase is below the {minimum} minimum for a stamp.", { minimum: formatCedis(2000) }),
      ]),
    );
    const englishLog = (await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/log")).json();
    expect(englishLog.map((line: { message: string }) => line.message)).toContain(
      "Ama already got today's stamp here. Come back tomorrow!",
    );
  });

  it("says a reward used before, with its day, and the daily points limit in Twi", async () => {
    const counter = await shop();
    const ama = await member();
    const reward = await rewardAt(ama.user.id, counter.companyId, "TW-USED-1");
    const qr = (await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${reward.id}/qr`)).json();
    const used = await scan(counter.staff, { qrData: qr.qrData, action: "redeem" });
    expect(used.statusCode, used.body).toBe(200);

    const own = await sendAs(
      ctx.app,
      ama.cookies,
      "POST",
      "/api/redemptions",
      { rewardId: reward.id, method: "self" },
      twi,
    );
    const day = clock.now().toISOString().slice(0, 10);
    expect(own.json()).toMatchObject({
      code: "ALREADY_USED",
      message: twiOf("This reward was already used on {date}.", { date: day }),
    });
    const ownInEnglish = await sendAs(ctx.app, ama.cookies, "POST", "/api/redemptions", {
      rewardId: reward.id,
      method: "self",
    });
    expect(ownInEnglish.json().message).toBe(`This reward was already used on ${day}.`);

    const kofi = await member("Kofi Mensah");
    const give = async (points: number, headers: Record<string, string> = twi) =>
      sendAs(
        ctx.app,
        counter.staff,
        "POST",
        "/api/merchant/points",
        { qrData: (await memberQr(kofi.cookies)).qrData, points },
        headers,
      );
    expect((await give(60)).statusCode).toBe(200);
    const over = await give(60);
    expect(over.json()).toMatchObject({
      code: "POINTS_LIMIT",
      message: twiOf("{name} can receive only {left} more points today ({limit} a day).", {
        name: "Kofi",
        left: 40,
        limit: 100,
      }),
    });
    expect((await give(40)).statusCode).toBe(200);
    const full = await give(5);
    expect(full.json()).toMatchObject({
      code: "POINTS_LIMIT",
      message: twiOf("{name} has had the {limit} points a day already. Try again tomorrow.", {
        name: "Kofi",
        limit: 100,
      }),
    });
    expect((await give(5, english)).json().message).toBe(
      "Kofi has had the 100 points a day already. Try again tomorrow.",
    );
  });

  it("names the owner in the staff's language in the log and the dashboard", async () => {
    const counter = await shop();
    const ama = await member();
    const byOwner = await scan(counter.owner, {
      qrData: (await memberQr(ama.cookies)).qrData,
      action: "lookup",
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const log = (await sendAs(ctx.app, counter.owner, "GET", "/api/merchant/log", undefined, twi)).json();
    expect(log[0].staffName).toBe(twiOf("Owner"));
    const englishLog = (await sendAs(ctx.app, counter.owner, "GET", "/api/merchant/log")).json();
    expect(englishLog[0].staffName).toBe("Owner");
    const dashboard = (
      await sendAs(ctx.app, counter.owner, "GET", "/api/merchant/dashboard", undefined, twi)
    ).json();
    expect(dashboard.byStaff.map((row: { staffName: string }) => row.staffName)).toContain(twiOf("Owner"));
  });
});
