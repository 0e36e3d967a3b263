import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationItem } from "../../../shared/contracts/notifications";
import { notifications, prizeDraws, users } from "../../db/schema";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { twiOf } from "../../test/twi-messages";
import { addMonthlyDrawEntry } from "../draws/draws.service";
import { notifyMember } from "./notifications.service";

// The notification centre says each notice in the language the request asks for: what was
// said is kept unfilled with the notice, and the English stays word for word.

// November 2026 in Accra; the month's draw closes at the end of the 30th.
const clock = testClock(new Date("2026-11-10T09:00:00Z"));
const december = new Date("2026-12-02T09:00:00Z").getTime();
const january = new Date("2027-01-02T09:00:00Z").getTime();
let ctx: TestContext;
let shops = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

const twi = { "accept-language": "tw" };

async function inbox(cookies: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await sendAs(ctx.app, cookies, "GET", "/api/notifications", undefined, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().notifications as NotificationItem[];
}

const said = (items: NotificationItem[]) => items.map(({ title, message }) => ({ title, message }));

/** A shop with a 2-visit loyalty program; the signed-in counter staff member's cookies. */
async function shop() {
  return (await shopWithCounter(ctx, `notice-shop-${++shops}`, { requiredVisits: 2 })).staff;
}

describe("notices in the member's language", () => {
  it("says a stamp and a full card in Twi, and in English word for word", async () => {
    const staff = await shop();
    const ama = await signedInMember(ctx.database.db, "notice-tw", { displayName: "Ama Owusu" });
    const stamp = async () => {
      const qr = (await sendAs(ctx.app, ama.cookies, "GET", "/api/loyalty/qr")).json() as { qrData: string };
      const scanned = await sendAs(
        ctx.app,
        staff,
        "POST",
        "/api/merchant/scans",
        { qrData: qr.qrData, action: "stamp", purchaseAmount: 25 },
        { "x-device-fingerprint": "notice-counter" },
      );
      expect(scanned.statusCode, scanned.body).toBe(200);
    };
    await stamp();
    clock.advance(24 * 60 * 60 * 1000);
    await stamp();

    expect(said(await inbox(ama.cookies))).toEqual([
      {
        title: "Card complete!",
        message: "Your Regulars card is full: A free plate is waiting for you at the counter.",
      },
      { title: "Stamp added", message: "1 of 2 stamps on your Regulars card." },
    ]);
    expect(said(await inbox(ama.cookies, twi))).toEqual([
      {
        title: twiOf("Card complete!"),
        message: twiOf("Your {program} card is full: {reward} is waiting for you at the counter.", {
          program: "Regulars",
          reward: "A free plate",
        }),
      },
      {
        title: twiOf("Stamp added"),
        message: twiOf("{current} of {required} stamps on your {program} card.", {
          current: 1,
          required: 2,
          program: "Regulars",
        }),
      },
    ]);
    // The columns keep the English filled in, for anything that reads them.
    const rows = await ctx.database.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, ama.user.id));
    expect(rows).toContainEqual({ title: "Stamp added", message: "1 of 2 stamps on your Regulars card." });
  });

  it("tells the draw's winner and the others in Twi, with the draw's and prize's names as they are", async () => {
    const admin = await signedInMember(ctx.database.db, "notice-admin", { role: "admin" });
    const kofi = await signedInMember(ctx.database.db, "notice-draw", { displayName: "Kofi Mensah" });
    const yaa = await signedInMember(ctx.database.db, "notice-draw", { displayName: "Yaa Asantewaa" });
    // December's draw: the other tests' members (a full stamp card gives an entry) are in November's.
    clock.advance(december - clock.now().getTime());
    for (const member of [kofi, yaa]) {
      await addMonthlyDrawEntry(ctx.database.db, member.user.id, "bronze", clock.now(), {
        kind: "prize_entry",
        key: `notice:${member.user.id}`,
      });
    }
    const [draw] = await ctx.database.db
      .select()
      .from(prizeDraws)
      .where(and(eq(prizeDraws.drawYear, 2026), eq(prizeDraws.drawMonth, 12)));
    // Drawn without the drand round it announced by default: these notices are about their language.
    await ctx.database.db
      .update(prizeDraws)
      .set({ publicRandomnessSource: null })
      .where(eq(prizeDraws.id, draw!.id));
    clock.advance(january - clock.now().getTime());
    const ran = await sendAs(ctx.app, admin.cookies, "POST", `/api/admin/draws/${draw!.id}/draw`, {});
    expect(ran.statusCode, ran.body).toBe(200);
    const [drawn] = await ctx.database.db.select().from(prizeDraws).where(eq(prizeDraws.id, draw!.id));
    expect([kofi.user.id, yaa.user.id]).toContain(drawn!.winnerId);
    const [winner, other] = drawn!.winnerId === kofi.user.id ? [kofi, yaa] : [yaa, kofi];
    const [winnerRow] = await ctx.database.db
      .select({ displayName: users.displayName })
      .from(users)
      .where(eq(users.id, winner.user.id));

    const [won] = await inbox(winner.cookies, twi);
    expect({ title: won!.title, message: won!.message }).toEqual({
      title: twiOf("You won the {draw}!", { draw: drawn!.title }),
      message: twiOf("Your entry won {prize}. Open the draw to claim your prize.", {
        prize: drawn!.prizeTitle,
      }),
    });
    const [wonInEnglish] = await inbox(winner.cookies);
    expect(wonInEnglish).toMatchObject({
      type: "draw_won",
      title: `You won the ${drawn!.title}!`,
      message: `Your entry won ${drawn!.prizeTitle}. Open the draw to claim your prize.`,
      link: `/draws/${draw!.id}`,
    });

    const [result] = await inbox(other.cookies, twi);
    expect(result).toMatchObject({
      type: "draw_result",
      title: twiOf("{draw}: the result", { draw: drawn!.title }),
      message: twiOf("The winner is {winner}. Check the draw yourself on its page.", {
        winner: winnerRow!.displayName,
      }),
    });
    const [resultInEnglish] = await inbox(other.cookies);
    expect(resultInEnglish!.message).toBe(
      `The winner is ${winnerRow!.displayName}. Check the draw yourself on its page.`,
    );
  });

  it("says notices made through notifyMember with plurals and plain English in Twi", async () => {
    const esi = await signedInMember(ctx.database.db, "notice-direct");
    const now = clock.now();
    await notifyMember(
      ctx.database.db,
      {
        userId: esi.user.id,
        type: "reward_earned",
        title: "Reward unlocked",
        message: {
          message:
            "You have {entries, plural, one {{entries} entry} other {{entries} entries}} in this month's prize draw.",
          values: { entries: 3 },
        },
        link: "/rewards",
      },
      now,
    );
    await notifyMember(
      ctx.database.db,
      {
        userId: esi.user.id,
        type: "share_rejected",
        title: "Share proof not accepted",
        message: "We couldn't verify your share. You can send a new proof.",
        link: "/rewards",
      },
      now,
    );
    const twiItems = await inbox(esi.cookies, twi);
    expect(said(twiItems)).toEqual([
      {
        title: twiOf("Share proof not accepted"),
        message: twiOf("We couldn't verify your share. You can send a new proof."),
      },
      {
        title: twiOf("Reward unlocked"),
        message: twiOf(
          "You have {entries, plural, one {{entries} entry} other {{entries} entries}} in this month's prize draw.",
          { entries: 3 },
        ),
      },
    ]);
    expect(twiItems[1]).toMatchObject({ type: "reward_earned", link: "/rewards", isRead: false });
    expect(said(await inbox(esi.cookies))).toEqual([
      {
        title: "Share proof not accepted",
        message: "We couldn't verify your share. You can send a new proof.",
      },
      { title: "Reward unlocked", message: "You have 3 entries in this month's prize draw." },
    ]);
  });

  it("says an old notice, stored in English only, through the catalog when it can, else in English", async () => {
    const kwame = await signedInMember(ctx.database.db, "notice-old");
    await ctx.database.db.insert(notifications).values([
      {
        userId: kwame.user.id,
        type: "stamp_added",
        title: "Stamp added",
        message: "1 of 5 stamps on your Coffee card.",
        data: { link: "/loyalty-dashboard" },
        createdAt: clock.now(),
      },
      {
        userId: kwame.user.id,
        type: "share_verified",
        title: "Something we no longer say",
        message: "You earned a new badge.",
        data: {},
        createdAt: clock.now(),
      },
    ]);
    const items = await inbox(kwame.cookies, twi);
    expect(items.map(({ title, message, link }) => ({ title, message, link }))).toEqual([
      { title: "Something we no longer say", message: twiOf("You earned a new badge."), link: null },
      {
        title: twiOf("Stamp added"),
        message: "1 of 5 stamps on your Coffee card.",
        link: "/loyalty-dashboard",
      },
    ]);
    expect(said(await inbox(kwame.cookies))).toEqual([
      { title: "Something we no longer say", message: "You earned a new badge." },
      { title: "Stamp added", message: "1 of 5 stamps on your Coffee card." },
    ]);
  });
});
