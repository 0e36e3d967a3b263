import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/auth";
import { companyStaff } from "../db/schema/companies";
import { shopWithCounter } from "../test/counter-shop";
import { signedInMember } from "../test/members";
import { createTestContext, sendAs, type TestContext } from "../test/test-app";

// docs/product-rules.md#kept-sessions: an instance keeps a counter's session (and who it is) for writes too,
// between the database's change notices; the writes that move stamps, points or rewards re-check standing in
// their own statements.

let ctx: TestContext;
let one: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ keepMemberState: true });
  one = { ...ctx, app: ctx.oneInstance };
  const deadline = Date.now() + 10_000;
  while (!ctx.database.memberChanges.live && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "kept-phone" };
let shops = 0;
const shop = () => shopWithCounter(one, `kept-shop-${++shops}`, { minimumSpend: 0 });
const qrOf = async (cookies: Record<string, string>) =>
  (await sendAs(one.app, cookies, "GET", "/api/loyalty/qr")).json().qrData as string;
const stamp = (staff: Record<string, string>, qrData: string) =>
  sendAs(one.app, staff, "POST", "/api/merchant/scans", { qrData, action: "stamp" }, device);
const actorOf = async (staff: Record<string, string>) =>
  (await sendAs(one.app, staff, "GET", "/api/merchant/me")).json().actor;

/** Runs `change` with the notices of `table`'s changes switched off, as if this instance missed them. */
async function unheard(table: string, change: () => Promise<unknown>) {
  await ctx.database.db.execute(sql.raw(`alter table ${table} disable trigger user`));
  try {
    await change();
  } finally {
    await ctx.database.db.execute(sql.raw(`alter table ${table} enable trigger user`));
  }
}

describe("a counter session kept between notices", () => {
  it("stops working as soon as the staff member is removed, whoever wrote it", async () => {
    const counter = await shop();
    expect(await actorOf(counter.staff)).toMatchObject({ staffName: "Esi" });
    await ctx.database.db
      .update(companyStaff)
      .set({ isActive: false })
      .where(eq(companyStaff.id, counter.staffId));
    await expect.poll(() => actorOf(counter.staff), { timeout: 2_000, interval: 20 }).toBeNull();
  });

  it("refuses a removed staff member's stamp even when this instance missed the notice", async () => {
    const counter = await shop();
    const member = await signedInMember(ctx.database.db, "kept");
    expect((await stamp(counter.staff, await qrOf(member.cookies))).statusCode).toBe(200);
    await unheard("company_staff", () =>
      ctx.database.db
        .update(companyStaff)
        .set({ isActive: false })
        .where(eq(companyStaff.id, counter.staffId)),
    );
    const other = await signedInMember(ctx.database.db, "kept");
    const refused = await stamp(counter.staff, await qrOf(other.cookies));
    expect(refused.statusCode, refused.body).toBe(401);
    const cards = (await sendAs(one.app, other.cookies, "GET", "/api/loyalty/cards")).json();
    expect(JSON.stringify(cards)).not.toContain(`"currentStamps":1`);
  });

  it("refuses a removed staff member's points grant even when this instance missed the notice", async () => {
    const counter = await shop();
    const member = await signedInMember(ctx.database.db, "kept");
    const grant = async () =>
      sendAs(
        one.app,
        counter.staff,
        "POST",
        "/api/merchant/points",
        { qrData: await qrOf(member.cookies), points: 10 },
        device,
      );
    expect((await grant()).statusCode).toBe(200);
    await unheard("company_staff", () =>
      ctx.database.db
        .update(companyStaff)
        .set({ isActive: false })
        .where(eq(companyStaff.id, counter.staffId)),
    );
    expect((await grant()).statusCode).toBe(401);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(after?.prizePoints).toBe(10);
  });

  it("refuses a suspended member's stamp even when this instance missed the notice", async () => {
    const counter = await shop();
    const member = await signedInMember(ctx.database.db, "kept");
    const qrData = await qrOf(member.cookies);
    await unheard("users", () =>
      ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, member.user.id)),
    );
    const refused = await stamp(counter.staff, qrData);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe("MEMBER_SUSPENDED");
  });
});
