import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Executor } from "../db/client";
import { loyaltyCards } from "../db/schema/loyalty";
import { signedInOwner } from "./company-session";
import { latestSmsCodeFor } from "./outbox";
import type { TestContext } from "./test-app";
import { sendAs, sessionCookieFrom } from "./test-app";

type CounterContext = Pick<TestContext, "app"> & { database: { db: Executor } };

/** The owner saves the shop's stamp-card program: the tests' usual one, with `program`'s changes. */
export async function saveShopProgram(
  ctx: CounterContext,
  shop: { owner: Record<string, string>; companyId: number },
  program: Record<string, unknown> = {},
) {
  const saved = await sendAs(ctx.app, shop.owner, "PUT", `/api/companies/${shop.companyId}/loyalty-program`, {
    programName: "Regulars",
    requiredVisits: 3,
    rewardTitle: "A free plate",
    minimumSpend: 20,
    validityDays: 365,
    maxActiveCards: 1000,
    isActive: true,
    ...program,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/**
 * A shop on the Pro plan with a loyalty program (3 visits unless `program` says otherwise) and a counter
 * staff member, Esi, signed in at the counter. The owner's session is made directly: test files open more
 * shops than one address may sign in to.
 */
export async function shopWithCounter(
  ctx: CounterContext,
  username: string,
  program: Record<string, unknown> = {},
) {
  const { company, cookies: owner } = await signedInOwner(ctx.database.db, { username, plan: "pro" });
  await saveShopProgram(ctx, { owner, companyId: company.id }, program);
  const staffMember = await sendAs(ctx.app, owner, "POST", `/api/companies/${company.id}/staff`, {
    name: "Esi",
    pin: "2580",
  });
  expect(staffMember.statusCode, staffMember.body).toBe(200);
  const login = await sendAs(ctx.app, {}, "POST", "/api/merchant/login", {
    username,
    staffName: "esi",
    pin: "2580",
  });
  expect(login.statusCode, login.body).toBe(200);
  return {
    companyId: company.id,
    username,
    owner,
    staff: sessionCookieFrom(login),
    staffCode: staffMember.json().staffCode as string,
    staffId: staffMember.json().id as number,
  };
}

let holds = 0;

/**
 * A stamp or points the counter holds for a number no member has verified: staff send the check-in, and
 * type back the code texted to the number. `device` is the counter's device fingerprint header.
 */
export async function holdForNumber(
  ctx: CounterContext,
  staff: Record<string, string>,
  phone: { typed: string; e164: string },
  give: { action: "stamp"; purchaseAmount: number } | { action: "points"; points: number },
  device: Record<string, string>,
) {
  const sent = await sendAs(
    ctx.app,
    staff,
    "POST",
    "/api/merchant/phone-checkins",
    { phoneNumber: phone.typed, idempotencyKey: `held-for-number-${++holds}`, ...give },
    device,
  );
  expect(sent.statusCode, sent.body).toBe(201);
  const code = await latestSmsCodeFor(ctx.database.db, phone.e164);
  const held = await sendAs(
    ctx.app,
    staff,
    "POST",
    `/api/merchant/phone-checkins/${sent.json().id}/confirm`,
    { code },
    device,
  );
  expect(held.json(), held.body).toMatchObject({ ok: true, held: true });
}

/** The stamps on the member's card at the shop (0 with no card). */
export async function stampsOf(db: Executor, userId: number, companyId: number) {
  const [card] = await db
    .select({ stamps: loyaltyCards.currentStamps })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.userId, userId), eq(loyaltyCards.companyId, companyId)));
  return card?.stamps ?? 0;
}
