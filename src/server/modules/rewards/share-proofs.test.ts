import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, notifications, rewards } from "../../db/schema";
import { signedInCompany } from "../../test/company-session";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, sendJson, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";
import { sumXpLedger } from "../ledger";

const clock = testClock(new Date("2026-11-12T10:00:00Z"));
let ctx: TestContext;
let people = 0;
let adId: number;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  const ad = await watchingKit(ctx, clock).publishAd(["SHARE1"]);
  adId = ad.id;
  companyId = ad.company.id;
});
afterAll(async () => {
  await ctx.close();
});

function person(role: "user" | "staff" | "admin" = "user") {
  people++;
  return signedInMember(ctx.database.db, "sharer", { displayName: `Sharer ${people}`, role });
}

async function rewardOf(userId: number) {
  const [reward] = await ctx.database.db
    .insert(rewards)
    .values({
      userId,
      adId,
      companyId,
      rewardType: "discount",
      discountPercent: 10,
      expiresAt: new Date("2027-01-01"),
    })
    .returning({ id: rewards.id });
  return reward!.id;
}

describe("share proofs", () => {
  it("takes a link or a screenshot for the member's own reward, and refuses anything else with a clear message", async () => {
    const member = await person();
    const other = await person();
    const rewardId = await rewardOf(member.user.id);

    const none = await sendAs(ctx.app, member.cookies, "POST", "/api/share-proofs", {
      rewardId,
      platform: "facebook",
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.proofUrl).toBe("Add the link to your post or a screenshot of it");
    const badPlatform = await sendAs(ctx.app, member.cookies, "POST", "/api/share-proofs", {
      rewardId,
      platform: "myspace",
      proofUrl: "https://example.com/p/1",
    });
    expect(badPlatform.json().fields.platform).toMatch(/facebook, twitter, instagram, whatsapp or other/);
    const notMine = await sendAs(ctx.app, other.cookies, "POST", "/api/share-proofs", {
      rewardId,
      platform: "facebook",
      proofUrl: "https://example.com/p/1",
    });
    expect(notMine.statusCode).toBe(404);
    // Signed out, the route's declared access refuses before the body is read.
    expect(
      (await sendJson(ctx.app, "POST", "/api/share-proofs", { rewardId, platform: "other" })).statusCode,
    ).toBe(401);

    const png = await sharp({ create: { width: 600, height: 1200, channels: 3, background: "#1877f2" } })
      .png()
      .toBuffer();
    const sent = await sendAs(ctx.app, member.cookies, "POST", "/api/share-proofs", {
      rewardId,
      platform: "whatsapp",
      proofImage: `data:image/png;base64,${png.toString("base64")}`,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ rewardId, platform: "whatsapp", status: "pending", xpAwarded: 0 });
    expect(sent.json().proofImageUrl).toMatch(/^\/media\/share-proofs\/.+\.webp$/);
    const mine = (await sendAs(ctx.app, member.cookies, "GET", "/api/share-proofs/mine")).json();
    expect(mine.proofs).toHaveLength(1);
  });

  it("opens the queue to staff and admins only, newest first", async () => {
    const staff = await person("staff");
    const admin = await person("admin");
    const consumer = await person();
    const { cookies: companyCookies } = await signedInCompany(ctx.app, ctx.database.db, {});
    const first = await person();
    const second = await person();
    for (const who of [first, second]) {
      await sendAs(ctx.app, who.cookies, "POST", "/api/share-proofs", {
        rewardId: await rewardOf(who.user.id),
        platform: "instagram",
        proofUrl: "https://instagram.com/p/abc",
      });
    }
    expect((await sendJson(ctx.app, "GET", "/api/staff/share-proofs")).statusCode).toBe(401);
    expect((await sendAs(ctx.app, consumer.cookies, "GET", "/api/staff/share-proofs")).statusCode).toBe(403);
    expect((await sendAs(ctx.app, companyCookies, "GET", "/api/staff/share-proofs")).statusCode).toBe(401);
    for (const reviewer of [staff, admin]) {
      const queue = await sendAs(ctx.app, reviewer.cookies, "GET", "/api/staff/share-proofs?status=pending");
      expect(queue.statusCode).toBe(200);
      const names = queue.json().proofs.map((p: { member: { displayName: string } }) => p.member.displayName);
      expect(names.indexOf(second.user.displayName)).toBeLessThan(names.indexOf(first.user.displayName));
    }
  });

  it("decides each proof once under parallel decisions, pays the share XP once and tells the member", async () => {
    const staff = await person("staff");
    const colleague = await person("staff");
    const member = await person();
    const rewardId = await rewardOf(member.user.id);
    await sendAs(ctx.app, member.cookies, "POST", "/api/share-proofs", {
      rewardId,
      platform: "facebook",
      proofUrl: "https://facebook.com/posts/1",
    });
    const consumerTry = await sendAs(
      ctx.app,
      member.cookies,
      "POST",
      `/api/staff/share-proofs/${rewardId}/decision`,
      {
        status: "verified",
      },
    );
    expect(consumerTry.statusCode).toBe(403);

    const decisions = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        sendAs(
          ctx.app,
          n % 2 ? staff.cookies : colleague.cookies,
          "POST",
          `/api/staff/share-proofs/${rewardId}/decision`,
          {
            status: n % 3 ? "verified" : "rejected",
            staffNotes: "checked",
          },
        ),
      ),
    );
    expect(decisions.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(decisions.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const decided = decisions.find((r) => r.statusCode === 200)!.json();

    const xpRows = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, member.user.id));
    const shareXp = xpRows.filter((row) => row.reason === "share").reduce((sum, row) => sum + row.amount, 0);
    expect(shareXp).toBe(decided.status === "verified" ? 20 : 0);
    expect(await sumXpLedger(ctx.database.db, member.user.id)).toBe(shareXp);
    const inbox = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.user.id));
    expect(inbox.map((n) => n.type)).toEqual([
      decided.status === "verified" ? "share_verified" : "share_rejected",
    ]);

    if (decided.status === "rejected") {
      // A rejected share may be sent again; verifying it then pays the XP once.
      await sendAs(ctx.app, member.cookies, "POST", "/api/share-proofs", {
        rewardId,
        platform: "facebook",
        proofUrl: "https://facebook.com/posts/2",
      });
      await sendAs(ctx.app, staff.cookies, "POST", `/api/staff/share-proofs/${rewardId}/decision`, {
        status: "verified",
      });
      expect(await sumXpLedger(ctx.database.db, member.user.id)).toBe(20);
    }
    const again = await sendAs(ctx.app, member.cookies, "POST", "/api/share-proofs", {
      rewardId,
      platform: "facebook",
      proofUrl: "https://facebook.com/posts/3",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This share is already verified");
  });

  it("refuses an empty or non-image screenshot with a clear message, and staff deciding their own proof", async () => {
    const staff = await person("staff");
    const rewardId = await rewardOf(staff.user.id);
    for (const proofImage of ["data:image/png;base64,=", "data:image/png;base64,R0lGODlhAQABAAAAACw="]) {
      const response = await sendAs(ctx.app, staff.cookies, "POST", "/api/share-proofs", {
        rewardId,
        platform: "other",
        proofImage,
      });
      expect(response.statusCode).toBe(400);
    }
    await sendAs(ctx.app, staff.cookies, "POST", "/api/share-proofs", {
      rewardId,
      platform: "other",
      proofUrl: "https://example.com/mine",
    });
    const own = await sendAs(ctx.app, staff.cookies, "POST", `/api/staff/share-proofs/${rewardId}/decision`, {
      status: "verified",
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("You can't decide your own share proof");
  });

  it("answers 404 for a decision on a reward nobody shared", async () => {
    const staff = await person("staff");
    const member = await person();
    const rewardId = await rewardOf(member.user.id);
    const response = await sendAs(
      ctx.app,
      staff.cookies,
      "POST",
      `/api/staff/share-proofs/${rewardId}/decision`,
      {
        status: "verified",
      },
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("No share proof with that id");
    const unknown = await sendAs(ctx.app, staff.cookies, "POST", "/api/staff/share-proofs/987654/decision", {
      status: "verified",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No share proof with that id");
  });
});
