import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ads,
  companyStaff,
  notifications,
  rewards,
  userReviews,
  users,
  verifiedPurchases,
} from "../../db/schema";
import { createCompany, type UserInput } from "../../db/seed/factories";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { createSession } from "../auth";

const clock = testClock();
const dayMs = 86_400_000;
let ctx: TestContext;
let people = 0;
let colours = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(async () => {
  await ctx.close();
});

function member(fields: UserInput = {}) {
  people++;
  return signedInMember(ctx.database.db, "buyer", { displayName: `Buyer Number${people}`, ...fields });
}

const staff = () => member({ role: "staff", displayName: "Kwame Staff" });

async function shop() {
  people++;
  return createCompany(ctx.database.db, { username: `review-shop-${people}`, name: `Chop Bar ${people}` });
}

/** A small receipt photo, different each call unless a colour is given. */
async function receiptPhoto(colour = ++colours): Promise<string> {
  const png = await sharp({
    create: { width: 40, height: 60, channels: 3, background: { r: colour % 256, g: 90, b: 30 } },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

async function report(
  cookies: Record<string, string>,
  companyId: number,
  extra: Record<string, unknown> = {},
) {
  return sendAs(ctx.app, cookies, "POST", "/api/purchases", {
    companyId,
    purchaseAmountPesewas: 5000,
    discountAmountPesewas: 500,
    receiptNumber: `R-${++colours}`,
    receiptImage: await receiptPhoto(),
    ...extra,
  });
}

function decide(cookies: Record<string, string>, purchaseId: number, body: Record<string, unknown>) {
  return sendAs(ctx.app, cookies, "POST", `/api/staff/purchases/${purchaseId}/decision`, body);
}

async function purchaseRow(id: number) {
  const [row] = await ctx.database.db.select().from(verifiedPurchases).where(eq(verifiedPurchases.id, id));
  return row!;
}

async function userRow(id: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A member with a verified purchase at the business, ready to review it. */
async function verifiedBuyer(companyId: number, fields: UserInput = {}) {
  const buyer = await member(fields);
  const reported = await report(buyer.cookies, companyId);
  expect(reported.statusCode).toBe(201);
  const checker = await staff();
  expect((await decide(checker.cookies, reported.json().id, { status: "verified" })).statusCode).toBe(200);
  return buyer;
}

function writeReview(
  cookies: Record<string, string>,
  companyId: number,
  extra: Record<string, unknown> = {},
) {
  return sendAs(ctx.app, cookies, "POST", `/api/companies/${companyId}/reviews`, {
    rating: 4,
    title: "Good waakye",
    text: "Generous portions and the shito is hot.",
    ...extra,
  });
}

describe("reporting a purchase", () => {
  it("saves the receipt as WebP, works out the final amount and waits for staff", async () => {
    const place = await shop();
    const buyer = await member();
    const response = await report(buyer.cookies, place.id, { receiptNumber: " INV-001 " });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      company: { id: place.id, name: place.name },
      purchaseAmountPesewas: 5000,
      discountAmountPesewas: 500,
      finalAmountPesewas: 4500,
      receiptNumber: "INV-001",
      status: "pending",
      canReview: false,
    });
    expect(body.receiptImageUrl).toMatch(/^\/media\/receipts\/[0-9a-f]+\.webp$/);
    const row = await purchaseRow(body.id);
    expect(row.receiptImageHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.flaggedForReview).toBe(false);

    const mine = await sendAs(ctx.app, buyer.cookies, "GET", "/api/purchases/mine");
    expect(mine.statusCode).toBe(200);
    expect(mine.json().purchases.map((p: { id: number }) => p.id)).toEqual([body.id]);
  });

  it("takes a full-size phone photo of a receipt (over 1 MB) and keeps a small WebP", async () => {
    const place = await shop();
    const buyer = await member();
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 900 * 700 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 900, height: 700, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    const response = await report(buyer.cookies, place.id, {
      receiptImage: `data:image/png;base64,${noisy.toString("base64")}`,
    });
    expect(response.statusCode).toBe(201);
  });

  it("asks signed-out visitors to sign in", async () => {
    const place = await shop();
    const response = await report({}, place.id);
    expect(response.statusCode).toBe(401);
  });

  it("answers bad input with 400 and a message on each field, never 500", async () => {
    const place = await shop();
    const buyer = await member();
    const photo = await receiptPhoto();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ discountAmountPesewas: 6000 }, "discountAmountPesewas", /more than the amount/],
      [{ receiptNumber: "" }, "receiptNumber", /Receipt number is required/],
      [{ receiptNumber: "x".repeat(61) }, "receiptNumber", /at most 60/],
      [{ purchaseAmountPesewas: 12.5 }, "purchaseAmountPesewas", /whole number/],
      [{ purchaseAmountPesewas: -1 }, "purchaseAmountPesewas", /./],
      [{ receiptImage: "data:image/gif;base64,R0lGOD" }, "receiptImage", /JPEG, PNG or WebP/],
      [{ purchaseDate: "2025-02-30" }, "purchaseDate", /date of the purchase/],
      [
        { purchaseDate: new Date(clock.now().getTime() + 2 * dayMs).toISOString().slice(0, 10) },
        "purchaseDate",
        /future/,
      ],
      [
        { purchaseDate: new Date(clock.now().getTime() - 91 * dayMs).toISOString().slice(0, 10) },
        "purchaseDate",
        /older than 90 days/,
      ],
      [{ rewardId: 999999 }, "rewardId", /your own rewards/],
      [{ companyId: 999999 }, "companyId", /not on Anigye/],
    ];
    for (const [change, field, message] of cases) {
      const response = await report(buyer.cookies, place.id, { receiptImage: photo, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().fields?.[field], JSON.stringify(change)).toMatch(message);
    }
    // Looks like a PNG to the contract, but isn't a picture.
    const broken = await report(buyer.cookies, place.id, { receiptImage: "data:image/png;base64,AAAAAAAA" });
    expect(broken.statusCode).toBe(400);
    // Nothing was saved.
    const mine = await sendAs(ctx.app, buyer.cookies, "GET", "/api/purchases/mine");
    expect(mine.json().purchases).toEqual([]);
  });

  it("accepts a purchase from last week and the member's own reward from that business only", async () => {
    const place = await shop();
    const other = await shop();
    const buyer = await member();
    const stranger = await member();
    async function rewardAt(companyId: number) {
      const [ad] = await ctx.database.db
        .insert(ads)
        .values({ companyId, title: "Waakye deal", category: "Food & Dining", durationSeconds: 10 })
        .returning();
      const [reward] = await ctx.database.db
        .insert(rewards)
        .values({
          adId: ad!.id,
          userId: buyer.user.id,
          companyId,
          rewardType: "discount",
          discountPercent: 10,
        })
        .returning();
      return reward;
    }
    const own = await rewardAt(place.id);
    const elsewhere = await rewardAt(other.id);
    const lastWeek = new Date(clock.now().getTime() - 7 * dayMs).toISOString().slice(0, 10);
    const ok = await report(buyer.cookies, place.id, { purchaseDate: lastWeek, rewardId: own!.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().purchaseDate.slice(0, 10)).toBe(lastWeek);
    expect((await report(buyer.cookies, place.id, { rewardId: elsewhere!.id })).statusCode).toBe(400);
    expect((await report(stranger.cookies, place.id, { rewardId: own!.id })).statusCode).toBe(400);
  });

  it("flags a receipt number already used at the business, and a photo already sent anywhere", async () => {
    const place = await shop();
    const elsewhere = await shop();
    const first = await member();
    const second = await member();
    const photo = await receiptPhoto();
    const original = await report(first.cookies, place.id, { receiptNumber: "abc-77", receiptImage: photo });
    expect(original.statusCode).toBe(201);

    const sameNumber = await report(second.cookies, place.id, { receiptNumber: "ABC-77" });
    const sameNumberOtherShop = await report(second.cookies, elsewhere.id, { receiptNumber: "ABC-77" });
    const samePhoto = await report(second.cookies, elsewhere.id, { receiptImage: photo });
    for (const response of [sameNumber, sameNumberOtherShop, samePhoto])
      expect(response.statusCode).toBe(201);

    expect(await purchaseRow(original.json().id)).toMatchObject({
      flaggedForReview: false,
      flagReason: null,
    });
    expect(await purchaseRow(sameNumber.json().id)).toMatchObject({
      flaggedForReview: true,
      flagReason: `Same receipt number as purchase #${original.json().id}`,
    });
    expect(await purchaseRow(sameNumberOtherShop.json().id)).toMatchObject({ flaggedForReview: false });
    expect(await purchaseRow(samePhoto.json().id)).toMatchObject({
      flaggedForReview: true,
      flagReason: `Same receipt photo as purchase #${original.json().id}`,
    });

    // Staff see the flag in their queue.
    const checker = await staff();
    const queue = await sendAs(ctx.app, checker.cookies, "GET", "/api/staff/purchases?status=pending");
    const flagged = queue.json().purchases.find((p: { id: number }) => p.id === sameNumber.json().id);
    expect(flagged).toMatchObject({ flagged: true, flagReason: expect.stringContaining("receipt number") });

    // A rejected receipt's number may be sent again (the member fixes a mistake) without a flag.
    await decide(checker.cookies, sameNumber.json().id, { status: "rejected", reason: "Blurry" });
    await decide(checker.cookies, original.json().id, { status: "rejected", reason: "Blurry" });
    const retry = await report(first.cookies, place.id, { receiptNumber: "abc-77" });
    expect(await purchaseRow(retry.json().id)).toMatchObject({ flaggedForReview: false });
  });

  it("allows ten reports a day per member", async () => {
    const place = await shop();
    const buyer = await member();
    const photo = await receiptPhoto();
    for (let i = 0; i < 10; i++) {
      expect((await report(buyer.cookies, place.id, { receiptImage: photo })).statusCode).toBe(201);
    }
    const eleventh = await report(buyer.cookies, place.id, { receiptImage: photo });
    expect(eleventh.statusCode).toBe(429);
    // Another member is not affected.
    expect((await report((await member()).cookies, place.id)).statusCode).toBe(201);
  });
});

describe("the staff queue", () => {
  it("shows staff and admins the pending purchases, newest first, paged, with the member and receipt", async () => {
    const place = await shop();
    const buyer = await member({ displayName: "Akosua Mensah" });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await report(buyer.cookies, place.id)).json().id);

    for (const person of [await staff(), await member({ role: "admin" })]) {
      const response = await sendAs(ctx.app, person.cookies, "GET", "/api/staff/purchases?status=pending");
      expect(response.statusCode).toBe(200);
      const listed = response
        .json()
        .purchases.filter((p: { company: { id: number } }) => p.company.id === place.id);
      expect(listed.map((p: { id: number }) => p.id)).toEqual([...ids].reverse());
      expect(listed[0]).toMatchObject({
        member: { id: buyer.user.id, displayName: "Akosua Mensah", anigyeId: buyer.user.anigyeId },
        company: { id: place.id, name: place.name },
        finalAmountPesewas: 4500,
        status: "pending",
        flagged: false,
      });
      expect(listed[0].receiptImageUrl).toMatch(/\.webp$/);
    }

    const checker = await staff();
    const page = await sendAs(ctx.app, checker.cookies, "GET", `/api/staff/purchases?before=${ids[2]}`);
    expect(page.json().purchases[0].id).toBe(ids[1]);
  });

  it("is closed to consumers, company owners, counter staff and visitors", async () => {
    const place = await shop();
    const buyer = await member();
    const purchaseId = (await report(buyer.cookies, place.id)).json().id;
    const owner = await createSession(
      ctx.database.db,
      { kind: "company", companyId: place.id },
      { ipAddress: "10.0.0.8", userAgent: "test" },
    );
    const [counter] = await ctx.database.db
      .insert(companyStaff)
      .values({ companyId: place.id, name: "Esi", pinHash: "x", staffCode: `${100000 + people}` })
      .returning();
    const counterSession = await createSession(
      ctx.database.db,
      { kind: "company_staff", companyId: place.id, companyStaffId: counter!.id },
      { ipAddress: "10.0.0.7", userAgent: "test" },
    );
    const refused: [Record<string, string>, number][] = [
      [buyer.cookies, 403],
      [{ anigye_biz: owner.token }, 401],
      [{ anigye_biz: counterSession.token }, 401],
      [{}, 401],
    ];
    for (const [cookies, status] of refused) {
      expect((await sendAs(ctx.app, cookies, "GET", "/api/staff/purchases")).statusCode).toBe(status);
      expect((await decide(cookies, purchaseId, { status: "verified" })).statusCode).toBe(status);
    }
    expect((await purchaseRow(purchaseId)).verificationStatus).toBe("pending");
  });
});

describe("deciding a purchase", () => {
  it("verifying counts the purchase on the member's account and tells them", async () => {
    const place = await shop();
    const buyer = await member();
    const checker = await staff();
    const purchaseId = (await report(buyer.cookies, place.id)).json().id;
    const response = await decide(checker.cookies, purchaseId, { status: "verified" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "verified", verifiedBy: "Kwame Staff" });
    expect((await userRow(buyer.user.id)).verifiedPurchases).toBe(1);
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.user.id));
    expect(notice).toMatchObject({ type: "purchase_verified", title: "Purchase verified" });
    expect(notice!.message).toContain(place.name);

    const mine = await sendAs(ctx.app, buyer.cookies, "GET", "/api/purchases/mine");
    expect(mine.json().purchases[0]).toMatchObject({ status: "verified", canReview: true });
  });

  it("rejecting needs a reason, which the member sees", async () => {
    const place = await shop();
    const buyer = await member();
    const checker = await staff();
    const purchaseId = (await report(buyer.cookies, place.id)).json().id;
    const noReason = await decide(checker.cookies, purchaseId, { status: "rejected", reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe("Give a reason for rejecting");
    const bad = await decide(checker.cookies, purchaseId, { status: "maybe" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toMatch(/verified or rejected/);

    const rejected = await decide(checker.cookies, purchaseId, {
      status: "rejected",
      reason: "Receipt is unreadable",
    });
    expect(rejected.statusCode).toBe(200);
    expect((await userRow(buyer.user.id)).verifiedPurchases).toBe(0);
    const mine = await sendAs(ctx.app, buyer.cookies, "GET", "/api/purchases/mine");
    expect(mine.json().purchases[0]).toMatchObject({
      status: "rejected",
      rejectionReason: "Receipt is unreadable",
      canReview: false,
    });
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.user.id), eq(notifications.type, "purchase_rejected")));
    expect(notice!.message).toContain("Receipt is unreadable");
  });

  it("decides once: of parallel decisions exactly one wins, the rest are told it was already decided", async () => {
    const place = await shop();
    const buyer = await member();
    const purchaseId = (await report(buyer.cookies, place.id)).json().id;
    const checkers = await Promise.all([staff(), staff(), staff(), staff(), staff(), staff()]);
    const responses = await Promise.all(
      checkers.map((checker, i) =>
        decide(
          checker.cookies,
          purchaseId,
          i % 2 ? { status: "verified" } : { status: "rejected", reason: "Not this shop" },
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const loser = responses.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toBe("This purchase has already been decided by another member of staff");
    const won = responses.find((r) => r.statusCode === 200)!.json();
    const user = await userRow(buyer.user.id);
    expect(user.verifiedPurchases).toBe(won.status === "verified" ? 1 : 0);
    const notices = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.user.id));
    expect(notices).toHaveLength(1);
  });

  it("staff can't verify their own purchase, and an unknown purchase is 404", async () => {
    const place = await shop();
    const checker = await staff();
    const purchaseId = (await report(checker.cookies, place.id)).json().id;
    expect((await decide(checker.cookies, purchaseId, { status: "verified" })).statusCode).toBe(403);
    const unknown = await decide(checker.cookies, 987654, { status: "verified" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Purchase not found");
  });
});

describe("reviews", () => {
  it("only a member with a verified purchase may review, and only once", async () => {
    const place = await shop();
    const buyer = await member();
    const none = await writeReview(buyer.cookies, place.id);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe("Only members with a verified purchase here can review this business");

    // A pending purchase is not enough.
    const purchaseId = (await report(buyer.cookies, place.id)).json().id;
    expect((await writeReview(buyer.cookies, place.id)).statusCode).toBe(403);
    // Nor is a verified purchase at another business.
    const elsewhere = await verifiedBuyer((await shop()).id);
    expect((await writeReview(elsewhere.cookies, place.id)).statusCode).toBe(403);

    await decide((await staff()).cookies, purchaseId, { status: "verified" });
    const first = await writeReview(buyer.cookies, place.id, { rating: 5 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      rating: 5,
      title: "Good waakye",
      author: buyer.user.displayName,
      verifiedPurchase: true,
      helpfulVotes: 0,
      isMine: true,
    });
    const [row] = await ctx.database.db.select().from(userReviews).where(eq(userReviews.id, first.json().id));
    expect(row).toMatchObject({ purchaseId, verificationStatus: "verified", isPublished: true });
    expect((await userRow(buyer.user.id)).reviewsSubmitted).toBe(1);

    const second = await writeReview(buyer.cookies, place.id, { rating: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("You have already reviewed this business");
    expect((await userRow(buyer.user.id)).reviewsSubmitted).toBe(1);

    // Two sent at once: one review.
    const racer = await verifiedBuyer(place.id);
    const both = await Promise.all([
      writeReview(racer.cookies, place.id),
      writeReview(racer.cookies, place.id),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const mine = await sendAs(ctx.app, buyer.cookies, "GET", "/api/purchases/mine");
    expect(mine.json().purchases[0].canReview).toBe(false);
  });

  it("checks the review's fields", async () => {
    const place = await shop();
    const buyer = await verifiedBuyer(place.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, "rating"],
      [{ rating: 6 }, "rating"],
      [{ rating: 3.5 }, "rating"],
      [{ title: "" }, "title"],
      [{ title: "t".repeat(101) }, "title"],
      [{ text: "   " }, "text"],
      [{ text: "t".repeat(2001) }, "text"],
      [{ isAnonymous: "yes" }, "isAnonymous"],
    ];
    for (const [change, field] of cases) {
      const response = await writeReview(buyer.cookies, place.id, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().fields[field], JSON.stringify(change)).toBeTruthy();
    }
    expect((await writeReview(buyer.cookies, 999999)).statusCode).toBe(404);
  });

  it("shows published reviews to anyone, with the average, and never names an anonymous reviewer", async () => {
    const place = await shop();
    const named = await verifiedBuyer(place.id, { displayName: "Yaw Boateng" });
    const hidden = await verifiedBuyer(place.id, { displayName: "Secret Adjoa" });
    expect((await writeReview(named.cookies, place.id, { rating: 5 })).statusCode).toBe(201);
    const anonymous = await writeReview(hidden.cookies, place.id, { rating: 2, isAnonymous: true });
    expect(anonymous.statusCode).toBe(201);
    expect(anonymous.json().author).toBe("Anigye member");

    const publicList = await sendAs(ctx.app, {}, "GET", `/api/companies/${place.id}/reviews`);
    expect(publicList.statusCode).toBe(200);
    expect(publicList.body).not.toContain("Secret Adjoa");
    expect(publicList.body).not.toContain(hidden.user.username);
    const body = publicList.json();
    expect(body).toMatchObject({ averageRating: 3.5, count: 2, nextBefore: null });
    expect(body.reviews.map((r: { author: string }) => r.author)).toEqual(["Anigye member", "Yaw Boateng"]);
    expect(body.reviews[0]).toMatchObject({ verifiedPurchase: true, votedHelpful: false, isMine: false });

    const page = await sendAs(ctx.app, {}, "GET", `/api/companies/${place.id}/public`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ name: place.name, averageRating: 3.5, reviewCount: 2, me: null });
    expect(page.body).not.toContain("Secret Adjoa");
    const asReviewer = await sendAs(ctx.app, named.cookies, "GET", `/api/companies/${place.id}/public`);
    expect(asReviewer.json().me).toEqual({ canReview: false, hasReviewed: true, pendingPurchases: 0 });
    const asNewcomer = await sendAs(
      ctx.app,
      (await member()).cookies,
      "GET",
      `/api/companies/${place.id}/public`,
    );
    expect(asNewcomer.json().me).toEqual({ canReview: false, hasReviewed: false, pendingPurchases: 0 });

    expect((await sendAs(ctx.app, {}, "GET", "/api/companies/999999/reviews")).statusCode).toBe(404);
    expect((await sendAs(ctx.app, {}, "GET", "/api/companies/999999/public")).statusCode).toBe(404);
  });

  it("a member marks someone else's review helpful once, never their own", async () => {
    const place = await shop();
    const author = await verifiedBuyer(place.id);
    const reviewId = (await writeReview(author.cookies, place.id)).json().id;
    const reader = await member();

    const own = await sendAs(ctx.app, author.cookies, "POST", `/api/reviews/${reviewId}/helpful`);
    expect(own.statusCode).toBe(403);
    expect((await sendAs(ctx.app, {}, "POST", `/api/reviews/${reviewId}/helpful`)).statusCode).toBe(401);

    const votes = await Promise.all([
      sendAs(ctx.app, reader.cookies, "POST", `/api/reviews/${reviewId}/helpful`),
      sendAs(ctx.app, reader.cookies, "POST", `/api/reviews/${reviewId}/helpful`),
    ]);
    for (const vote of votes) expect(vote.statusCode).toBe(200);
    const again = await sendAs(ctx.app, reader.cookies, "POST", `/api/reviews/${reviewId}/helpful`);
    expect(again.json()).toMatchObject({ helpfulVotes: 1, votedHelpful: true });

    const list = await sendAs(ctx.app, reader.cookies, "GET", `/api/companies/${place.id}/reviews`);
    expect(list.json().reviews[0]).toMatchObject({ helpfulVotes: 1, votedHelpful: true });
    expect((await sendAs(ctx.app, reader.cookies, "POST", "/api/reviews/999999/helpful")).statusCode).toBe(
      404,
    );
  });

  it("three reports from different members with verified purchases take a review off the page; throwaway accounts can't", async () => {
    const place = await shop();
    const elsewhere = await shop();
    const author = await verifiedBuyer(place.id);
    const reviewId = (await writeReview(author.cookies, place.id)).json().id;
    const throwaways = [await member(), await member(), await member()];
    for (const throwaway of throwaways) {
      const reported = await sendAs(ctx.app, throwaway.cookies, "POST", `/api/reviews/${reviewId}/report`, {
        reason: "Fake",
      });
      expect(reported.json().isPublished).toBe(true);
    }
    const reporters = [
      await verifiedBuyer(elsewhere.id),
      await verifiedBuyer(elsewhere.id),
      await verifiedBuyer(elsewhere.id),
    ];
    const path = `/api/reviews/${reviewId}/report`;

    expect((await sendAs(ctx.app, author.cookies, "POST", path, { reason: "Mine" })).statusCode).toBe(403);
    const noReason = await sendAs(ctx.app, reporters[0]!.cookies, "POST", path, { reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe("Reason is required");

    // The same member reporting twice counts once.
    for (let i = 0; i < 2; i++) {
      const first = await sendAs(ctx.app, reporters[0]!.cookies, "POST", path, { reason: "Fake" });
      expect(first.json()).toMatchObject({ reported: true, isPublished: true });
    }
    const second = await sendAs(ctx.app, reporters[1]!.cookies, "POST", path, { reason: "Spam" });
    expect(second.json().isPublished).toBe(true);
    const listed = await sendAs(ctx.app, {}, "GET", `/api/companies/${place.id}/reviews`);
    expect(listed.json().count).toBe(1);

    const third = await sendAs(ctx.app, reporters[2]!.cookies, "POST", path, { reason: "Rude" });
    expect(third.statusCode).toBe(200);
    expect(third.json().isPublished).toBe(false);
    const after = await sendAs(ctx.app, {}, "GET", `/api/companies/${place.id}/reviews`);
    expect(after.json()).toMatchObject({ count: 0, averageRating: null, reviews: [] });
    const [row] = await ctx.database.db.select().from(userReviews).where(eq(userReviews.id, reviewId));
    expect(row).toMatchObject({ reportedCount: 6, isPublished: false });
  });
});
