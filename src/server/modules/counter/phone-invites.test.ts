import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, phoneInvites } from "../../db/schema";
import { holdForNumber, shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import { latestOutboxMessage } from "../../test/outbox";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { twiOf } from "../../test/twi-messages";
import { inviteTokenHash } from "./phone-invite-token";

// The invite a held reward sends says what is waiting, through a public read by the link's token alone
// (docs/product-rules.md#counter-invite-says-what-is-held), and landed points are told as landed stamps are.
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let shops = 0;
let numbers = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "counter-phone-invites" };

async function shop() {
  const counter = await shopWithCounter(ctx, `invite-shop-${++shops}`);
  const me = await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/me");
  return { ...counter, companyName: me.json().actor.companyName as string };
}

function newNumber() {
  numbers++;
  const local = `02771${String(numbers).padStart(5, "0")}`;
  return { typed: local, e164: `+233${local.slice(1)}` };
}

/** The token in the newest invite texted to the number. */
async function inviteTokenSentTo(phone: string) {
  await ctx.drainMessages();
  const invite = await latestOutboxMessage(ctx.database.db, phone, "sms");
  const link = /https?:\/\/\S+/.exec(invite?.textBody ?? "")?.[0];
  expect(link, invite?.textBody).toBeDefined();
  const url = new URL(link!);
  expect(url.pathname).toBe("/register");
  expect(url.searchParams.get("phone")).toBe(phone);
  return url.searchParams.get("invite")!;
}

const readInvite = (token: string, headers: Record<string, string> = {}) =>
  sendAs(ctx.app, {}, "GET", `/api/phone-invites/${encodeURIComponent(token)}`, undefined, headers);

describe("the invite's registration page says what is held", () => {
  it("reads the shop, the masked number and what waits, by the link's token alone, signed out", async () => {
    const kofi = await shop();
    const yaw = newNumber();
    await holdForNumber(ctx, kofi.staff, yaw, { action: "stamp", purchaseAmount: 25 }, device);
    const token = await inviteTokenSentTo(yaw.e164);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const first = await readInvite(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      shopName: kofi.companyName,
      maskedPhone: `+233 ${yaw.e164.slice(4, 6)} *** **${yaw.e164.slice(-2)}`,
      stamps: 1,
      points: 0,
      claimUntil: new Date(clock.now().getTime() + 30 * 24 * 60 * 60_000).toISOString(),
    });

    // Points held later the same day join what the one invite reads (no second invite is sent).
    clock.advance(60_000);
    await holdForNumber(ctx, kofi.staff, yaw, { action: "points", points: 25 }, device);
    expect((await readInvite(token)).json()).toMatchObject({ stamps: 1, points: 25 });

    // Another shop's hold for the number has its own invite: neither link reads the other's.
    const esi = await shop();
    await holdForNumber(ctx, esi.staff, yaw, { action: "points", points: 10 }, device);
    const esiToken = await inviteTokenSentTo(yaw.e164);
    expect(esiToken).not.toBe(token);
    expect((await readInvite(esiToken)).json()).toMatchObject({
      shopName: esi.companyName,
      stamps: 0,
      points: 10,
    });
    expect((await readInvite(token)).json()).toMatchObject({ shopName: kofi.companyName, points: 25 });

    // Only the token's hash is stored.
    const [stored] = await ctx.database.db
      .select({ tokenHash: phoneInvites.tokenHash })
      .from(phoneInvites)
      .where(and(eq(phoneInvites.companyId, kofi.companyId), eq(phoneInvites.phoneNumber, yaw.e164)));
    expect(stored?.tokenHash).toBe(inviteTokenHash(token));

    // Once the number's member has it all, nothing waits (and nothing about the member is said).
    const member = await signedInMember(ctx.database.db, "invited", {
      phoneNumber: yaw.e164,
      isPhoneVerified: true,
    });
    await ctx.oneInstance.deps.phoneVerified(member.user.id, yaw.e164);
    expect((await readInvite(token)).json()).toEqual({
      shopName: kofi.companyName,
      maskedPhone: expect.stringContaining("***"),
      stamps: 0,
      points: 0,
      claimUntil: null,
    });
  });

  it("refuses a made-up, incomplete or stored-hash token, in the reader's language, changing nothing", async () => {
    const kofi = await shop();
    const ama = newNumber();
    await holdForNumber(ctx, kofi.staff, ama, { action: "stamp", purchaseAmount: 30 }, device);
    const token = await inviteTokenSentTo(ama.e164);
    for (const guess of ["AAAAAAAAAAAAAAAAAAAAAA", inviteTokenHash(token), `${token}x`]) {
      const unknown = await readInvite(guess);
      expect(unknown.statusCode, guess).toBe(404);
      expect(unknown.json()).toEqual({
        code: "NOT_FOUND",
        message: "We couldn't find this invite. Check the link in your SMS.",
      });
    }
    for (const malformed of ["short", "../../etc/passwd", "a".repeat(65), "ab cd ef gh ij kl mn op"]) {
      const refused = await readInvite(malformed);
      expect(refused.statusCode, malformed).toBe(400);
      expect(refused.json().code).toBe("VALIDATION");
    }
    const inTwi = await readInvite("AAAAAAAAAAAAAAAAAAAAAA", { "accept-language": "tw" });
    expect(inTwi.json().message).toBe(twiOf("We couldn't find this invite. Check the link in your SMS."));
    expect((await readInvite(token)).json()).toMatchObject({ stamps: 1 });
  });
});

describe("landing held points tells the member", () => {
  const noticesOf = (userId: number) =>
    ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

  it("puts a notice in the notification centre, as a landed stamp does, once however many landings run", async () => {
    const kofi = await shop();
    const kwame = newNumber();
    await holdForNumber(ctx, kofi.staff, kwame, { action: "stamp", purchaseAmount: 25 }, device);
    clock.advance(60_000);
    await holdForNumber(ctx, kofi.staff, kwame, { action: "points", points: 25 }, device);
    const member = await signedInMember(ctx.database.db, "kwame", {
      phoneNumber: kwame.e164,
      isPhoneVerified: true,
    });
    const deps = ctx.oneInstance.deps;
    await Promise.all(Array.from({ length: 8 }, () => deps.phoneVerified(member.user.id, kwame.e164)));

    const notices = (await noticesOf(member.user.id)).map((notice) => notice.type).sort();
    expect(notices).toEqual(["points_added", "stamp_added"]);
    const listed = await sendAs(ctx.app, member.cookies, "GET", "/api/notifications");
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().notifications).toContainEqual(
      expect.objectContaining({
        type: "points_added",
        title: "Points added",
        message: `25 points from ${kofi.companyName}, held for your phone number, are now yours.`,
        link: "/loyalty-dashboard",
      }),
    );
    const inTwi = await sendAs(ctx.app, member.cookies, "GET", "/api/notifications", undefined, {
      "accept-language": "tw",
    });
    expect(inTwi.json().notifications).toContainEqual(
      expect.objectContaining({
        type: "points_added",
        title: twiOf("Points added"),
        message: twiOf("{points} points from {shop}, held for your phone number, are now yours.", {
          points: 25,
          shop: kofi.companyName,
        }),
      }),
    );
  });
});
