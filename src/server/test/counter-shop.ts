import { expect } from "vitest";
import type { Executor } from "../db/client";
import { signedInOwner } from "./company-session";
import type { TestContext } from "./test-app";
import { sendAs, sessionCookieFrom } from "./test-app";

/**
 * A shop on the Pro plan with a loyalty program (3 visits unless `program` says otherwise) and a counter
 * staff member, Esi, signed in at the counter. The owner's session is made directly: test files open more
 * shops than one address may sign in to.
 */
export async function shopWithCounter(
  ctx: Pick<TestContext, "app"> & { database: { db: Executor } },
  username: string,
  program: Record<string, unknown> = {},
) {
  const { company, cookies: owner } = await signedInOwner(ctx.database.db, { username, plan: "pro" });
  const saved = await sendAs(ctx.app, owner, "PUT", `/api/companies/${company.id}/loyalty-program`, {
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
