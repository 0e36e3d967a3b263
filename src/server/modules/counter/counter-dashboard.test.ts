import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CounterDashboard, CounterLogEntry } from "../../../shared/contracts/counter";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import { latestSmsCodeFor } from "../../test/outbox";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";

/*
 * The counter dashboard's tiles and today's log tell one story: every check-in held for a number no member
 * has verified is a line of the log ("held for +233 24 *** **33 · 30 days") and counts in the Held tile, and
 * the work tiles are the sums of the lines listed (docs/product-rules.md#counter-held-in-the-log).
 */

const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let numbers = 0;
let keys = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "counter-dashboard-phone" };

function newNumber() {
  numbers++;
  const local = `02490${String(numbers).padStart(5, "0")}`;
  return { typed: local, e164: `+233${local.slice(1)}` };
}

async function verifiedMember(name: string) {
  const phone = newNumber();
  await signedInMember(ctx.database.db, `dash-${numbers}`, {
    displayName: name,
    phoneNumber: phone.e164,
    isPhoneVerified: true,
  });
  return phone;
}

/** A phone check-in sent and confirmed with the right code; the confirm's answer. */
async function checkIn(
  cookies: Record<string, string>,
  phone: { typed: string; e164: string },
  give: Record<string, unknown>,
) {
  clock.advance(60_000);
  const sent = await sendAs(
    ctx.app,
    cookies,
    "POST",
    "/api/merchant/phone-checkins",
    { phoneNumber: phone.typed, idempotencyKey: `dash-key-${++keys}`, ...give },
    device,
  );
  expect(sent.statusCode, sent.body).toBe(201);
  const code = await latestSmsCodeFor(ctx.database.db, phone.e164);
  return sendAs(
    ctx.app,
    cookies,
    "POST",
    `/api/merchant/phone-checkins/${sent.json().id}/confirm`,
    { code },
    device,
  );
}

const stamp = { action: "stamp", purchaseAmount: 25 };

describe("the counter dashboard and today's log", () => {
  it("lists held check-ins, and its tiles are the sums of the lines listed", async () => {
    const counter = await shopWithCounter(ctx, "dashboard-shop");
    const ama = await verifiedMember("Ama Owusu");
    const kofi = await verifiedMember("Kofi Boateng");
    const strangers = [newNumber(), newNumber()];

    expect((await checkIn(counter.staff, ama, stamp)).statusCode).toBe(200);
    expect((await checkIn(counter.staff, kofi, { action: "points", points: 10 })).statusCode).toBe(200);
    // The day's stamp again: refused, and logged.
    expect((await checkIn(counter.staff, ama, stamp)).json().code).toBe("DAILY_LIMIT");
    const heldStamp = await checkIn(counter.staff, strangers[0]!, stamp);
    expect(heldStamp.json()).toMatchObject({ held: true });
    const heldPoints = await checkIn(counter.owner, strangers[1]!, { action: "points", points: 15 });
    expect(heldPoints.json()).toMatchObject({ held: true });

    const log = (
      await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/log")
    ).json() as CounterLogEntry[];
    const dashboard = (
      await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/dashboard")
    ).json() as CounterDashboard;

    const held = log.filter((line) => line.held !== null);
    expect(held).toEqual([
      expect.objectContaining({
        action: "points",
        accepted: true,
        points: 15,
        staffName: "Owner",
        memberName: null,
        held: {
          maskedPhone: `+233 24 *** **${strangers[1]!.e164.slice(-2)}`,
          claimUntil: new Date(clock.now().getTime() + 30 * 86_400_000).toISOString(),
        },
        message: expect.stringContaining("15 points are held for +233 24 ***"),
      }),
      expect.objectContaining({
        action: "stamp",
        accepted: true,
        staffName: "Esi",
        held: expect.objectContaining({ maskedPhone: `+233 24 *** **${strangers[0]!.e164.slice(-2)}` }),
        message: expect.stringContaining("A stamp is held for +233 24 ***"),
      }),
    ]);

    // Each tile is the sum of its lines.
    const scans = log.filter((line) => line.held === null);
    const accepted = (action: string) => scans.filter((line) => line.accepted && line.action === action);
    expect(dashboard.today).toMatchObject({
      scans: scans.length,
      held: held.length,
      stamps: accepted("stamp").length,
      redemptions: accepted("redeem").length,
      points: accepted("points").reduce((sum, line) => sum + (line.points ?? 0), 0),
      refused: scans.filter((line) => !line.accepted).length,
    });
    expect(dashboard.today.scans + dashboard.today.held).toBe(log.length);
    expect(dashboard.today).toMatchObject({ scans: 3, held: 2, stamps: 1, points: 10, refused: 1 });
    // Five codes went out, and one invite to each number held for.
    expect(dashboard.today).toMatchObject({ phoneCheckins: 5, smsSent: 7 });
    expect(dashboard.month).toEqual(dashboard.today);
    // The staff members' rows add up to the shop's.
    const byStaff = dashboard.byStaff.map((row) => row.today);
    for (const tile of [
      "scans",
      "held",
      "stamps",
      "points",
      "refused",
      "phoneCheckins",
      "smsSent",
    ] as const) {
      expect(byStaff.reduce((sum, row) => sum + row[tile], 0)).toBe(dashboard.today[tile]);
    }
  });
});
