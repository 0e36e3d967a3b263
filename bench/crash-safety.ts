import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../src/server/db/client";
import { adDiscountCodes, ads, companyStaff, loyaltyPrograms } from "../src/server/db/schema";
import { createCompany, createUser } from "../src/server/db/seed/factories";
import { hashPassword } from "../src/server/lib/password";
import { createSession } from "../src/server/modules/auth";
import { type FakeTransaction, startPaystackFake } from "../src/server/test/paystack-fake";
import { type PlanId, paidPeriodDays } from "../src/shared/plans";
import { tierIds, tierThresholds } from "../src/shared/tiers";
import { withScratchDatabase } from "./scratch-database";
import { freePort } from "./server";

/**
 * Crash safety. The real server (its own process) on a scratch PostgreSQL database takes a
 * bounded write load from 40 members, 3 shops' counter phones, their owners, an admin and "Paystack":
 * watching 5-second ads to the end (rewards, pool codes, XP), reward QRs redeemed at the counter (caps),
 * stamps and point grants from member QRs, Anigye+ bought through Paystack's mobile money (signed
 * webhooks) and plan renewals paid by manual MoMo and verified by the admin. A few seconds in, with
 * requests in flight, the server is killed with SIGKILL and started again on the same database; every
 * client retries what failed the way the app does (the counter resends with the same idempotency key and
 * scan time, Paystack redelivers, the payer's status page asks again) and the load runs to its end.
 * Then SQL checks the invariants: ledger sums against cached balances, no negative balance, rewards and
 * redemptions with their ledger rows, caps, and counters against their rows. Exits 1 on any violation.
 *
 * `npm run bench:crash` (CI runs it after the two-instance race tests).
 */

const memberCount = 40;
const shopCount = 3;
const phonesPerShop = 2;
/** When the kill comes, counted from the start of the load (it waits for requests in flight). */
const killAfterMs = Number(process.env.CRASH_KILL_AFTER_MS ?? 5_000);
/** A client gives up on one operation after this long without an answer (the run then fails). */
const giveUpAfterMs = 45_000;
const secretKey = "sk_test_crash_safety";
const momoPhone = "024 555 1234";

const startedAt = Date.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const note = (line: string) => console.log(`[${seconds(Date.now() - startedAt).padStart(6)}] ${line}`);

// --- The server process ------------------------------------------------------------------------

interface Server {
  child: ChildProcess;
  exited: Promise<void>;
}

function startServer(env: Record<string, string>, logFile: string): Server {
  const log = fs.openSync(logFile, "a");
  // `node --import tsx` runs the server in this one process, so SIGKILL hits the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, exited };
}

async function waitUntilUp(url: string, server: Server) {
  const deadline = Date.now() + 60_000;
  let dead = false;
  void server.exited.then(() => {
    dead = true;
  });
  while (Date.now() < deadline && !dead) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(dead ? "the server exited while starting" : `${url} did not come up`);
}

// --- What the clients did -------------------------------------------------------------------------

const operationKinds = [
  "watch: start a view",
  "watch: progress report",
  "watch: completing report",
  "reward QR (member)",
  "redeem reward QR (counter)",
  "member loyalty QR",
  "stamp (counter)",
  "points grant (counter)",
  "Anigye+ order (Paystack)",
  "webhook delivery (Paystack)",
  "payment status page (polls)",
  "plan order (manual MoMo)",
  "admin verifies payment",
] as const;
type Kind = (typeof operationKinds)[number];

interface Tally {
  before: number;
  after: number;
  refused: Map<string, number>;
  resends: number;
  replayed: number;
  /** 503 answers: the server shedding load (plugins/load-shedding.ts); sent again like no answer. */
  shed: number;
  gaveUp: number;
}

const tallies = new Map<Kind, Tally>(
  operationKinds.map((kind) => [
    kind,
    { before: 0, after: 0, refused: new Map(), resends: 0, replayed: 0, shed: 0, gaveUp: 0 },
  ]),
);
const serverErrors: string[] = [];
let killed = false;
let inFlight = 0;

function tally(kind: Kind) {
  return tallies.get(kind)!;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

class Unanswered extends Error {}

/** One HTTP call; throws Unanswered when no answer came (connection refused or reset, timeout). */
async function call(
  baseUrl: string,
  method: "GET" | "POST",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  inFlight++;
  try {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        "x-requested-with": "anigye",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    throw new Unanswered(error instanceof Error ? error.message : String(error));
  } finally {
    inFlight--;
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; code: string };

/**
 * Sends one operation until it gets an answer the client accepts: a 2xx (done) or a 4xx (refused, as the
 * server decided). No answer or a 5xx is sent again after a short wait, as the app does; `attempt` gets
 * the try number, so a resend can differ from the first send (the counter adds its scan time).
 */
async function operate<T>(
  kind: Kind,
  attempt: (n: number) => Promise<Answer>,
  accept: (answer: Answer) => T,
  /**
   * For a resend refused because its first copy was applied (a MoMo ID already submitted, a payment
   * already decided): finds that first result, as the person at the screen would.
   */
  appliedEarlier?: (answer: Answer) => Promise<T | undefined>,
): Promise<Outcome<T>> {
  const t = tally(kind);
  const since = Date.now();
  const done = (value: T, replayed: boolean): Outcome<T> => {
    if (killed) t.after++;
    else t.before++;
    if (replayed) t.replayed++;
    return { ok: true, value };
  };
  for (let n = 0; ; n++) {
    if (n > 0) t.resends++;
    try {
      const answer = await attempt(n);
      if (answer.status >= 200 && answer.status < 300) {
        return done(accept(answer), answer.body.alreadyApplied === true);
      }
      if (answer.status < 500 && n > 0 && appliedEarlier) {
        const earlier = await appliedEarlier(answer);
        if (earlier !== undefined) return done(earlier, true);
      }
      if (answer.status < 500) {
        const code = String(answer.body.code ?? answer.status);
        // CONFLICT covers several refusals: keep the reason's first words apart.
        const reason =
          code === "CONFLICT"
            ? `${code} (${String(answer.body.message).split(" ").slice(0, 4).join(" ")})`
            : code;
        t.refused.set(reason, (t.refused.get(reason) ?? 0) + 1);
        return { ok: false, code };
      }
      if (answer.status === 503) t.shed++;
      else serverErrors.push(`${kind}: ${answer.status} ${String(answer.body.message)}`);
    } catch (error) {
      if (!(error instanceof Unanswered)) throw error;
    }
    if (Date.now() - since > giveUpAfterMs) {
      t.gaveUp++;
      return { ok: false, code: "GAVE_UP" };
    }
    await sleep(150 + Math.min(n, 6) * 100 + Math.random() * 100);
  }
}

// --- Setting up the data directly ----------------------------------------------------------------

interface AdSetup {
  shop: number;
  percent: number;
  xp: number;
  codes: number;
  maxRedemptions: number;
  daily: number | null;
  weekly: number | null;
  maxCoupons: number | null;
}

/** Each ad is watched by two members in three (about 27); each has a cap that binds. */
const adSetups: AdSetup[] = [
  // The total redemption cap binds.
  {
    shop: 0,
    percent: 10,
    xp: 20,
    codes: 40,
    maxRedemptions: 15,
    daily: null,
    weekly: null,
    maxCoupons: null,
  },
  // The code pool runs out, and the daily redemption cap binds.
  { shop: 1, percent: 15, xp: 15, codes: 20, maxRedemptions: 100, daily: 12, weekly: null, maxCoupons: null },
  // The unlock cap (maxCoupons) binds, and the daily and weekly caps.
  { shop: 2, percent: 20, xp: 25, codes: 40, maxRedemptions: 1000, daily: 14, weekly: 16, maxCoupons: 22 },
];
/** Shop 0 upgrades (takes effect at once, raising its points allocation mid-load); 1 and 2 renew. */
const shopPlans: { plan: PlanId; pays: PlanId }[] = [
  { plan: "pro", pays: "enterprise" },
  { plan: "business", pays: "business" },
  { plan: "pro", pays: "pro" },
];

async function prepare(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  await database.migrate();
  const db = database.db;
  const meta = { ipAddress: "127.0.0.1", userAgent: "crash-safety" };
  const pinHash = await hashPassword("2580");
  const shops = [];
  for (let s = 0; s < shopCount; s++) {
    const company = await createCompany(db, {
      username: `crash-shop-${s}`,
      name: `Crash Shop ${s}`,
      plan: shopPlans[s]!.plan,
      contactEmail: `shop${s}@example.com`,
    });
    await db.insert(loyaltyPrograms).values({
      companyId: company.id,
      programName: "Regulars",
      requiredVisits: 10,
      rewardTitle: "A free plate",
    });
    const phones = [];
    for (let p = 0; p < phonesPerShop; p++) {
      const [staff] = await db
        .insert(companyStaff)
        .values({
          companyId: company.id,
          name: `Staff ${p}`,
          pinHash,
          staffCode: String(300000 + s * 10 + p),
        })
        .returning();
      const { token } = await createSession(
        db,
        { kind: "company_staff", companyStaffId: staff!.id, companyId: company.id },
        meta,
      );
      phones.push({ staffId: staff!.id, cookie: `anigye_biz=${token}`, device: `crash-counter-${s}-${p}` });
    }
    const owner = await createSession(db, { kind: "company", companyId: company.id }, meta);
    shops.push({ id: company.id, phones, ownerCookie: `anigye_biz=${owner.token}` });
  }

  const adIds: number[] = [];
  for (const [a, setup] of adSetups.entries()) {
    const [ad] = await db
      .insert(ads)
      .values({
        companyId: shops[setup.shop]!.id,
        title: `Crash offer ${a}`,
        category: "Food & Dining",
        adType: "image",
        imageUrl: "/media/crash.webp",
        thumbnailUrl: "/media/crash-thumb.webp",
        // The shortest ad the API accepts (minAdDurationSeconds); 80 % of it must be watched.
        durationSeconds: 5,
        rewardType: "discount",
        discountPercent: setup.percent,
        xpPointsReward: setup.xp,
        maxRedemptions: setup.maxRedemptions,
        dailyRedemptionCap: setup.daily,
        weeklyRedemptionCap: setup.weekly,
        maxCoupons: setup.maxCoupons,
      })
      .returning({ id: ads.id });
    await db
      .insert(adDiscountCodes)
      .values(Array.from({ length: setup.codes }, (_, c) => ({ adId: ad!.id, code: `CRASH${a}-${c}` })));
    adIds.push(ad!.id);
  }

  const members = [];
  for (let m = 0; m < memberCount; m++) {
    const user = await createUser(db, { email: `crash${m}@example.com`, username: `crash-${m}` });
    const { token } = await createSession(db, { kind: "user", userId: user.id }, meta);
    members.push({ index: m, id: user.id, cookie: `anigye_sid=${token}`, device: `crash-phone-${m}` });
  }
  const admin = await createUser(db, {
    email: "crash-admin@example.com",
    username: "crash-admin",
    role: "admin",
  });
  const adminSession = await createSession(db, { kind: "user", userId: admin.id }, meta);
  await database.close();
  return { shops, adIds, members, adminCookie: `anigye_sid=${adminSession.token}` };
}

type Data = Awaited<ReturnType<typeof prepare>>;
type Member = Data["members"][number];
type Phone = Data["shops"][number]["phones"][number];

// --- The clients ----------------------------------------------------------------------------------

function clients(baseUrl: string, data: Data, fake: Awaited<ReturnType<typeof startPaystackFake>>) {
  const asMember = (member: Member) => ({ cookie: member.cookie, "x-device-fingerprint": member.device });
  const seenReferences = new Set<string>();

  /**
   * The counter phone (src/web/features/counter/api.ts): a fresh idempotency key per scan; when the
   * answer doesn't come, the same body, key and scan time wait in the phone's queue and are resent.
   */
  function counter(kind: Kind, phone: Phone, url: string, body: Record<string, unknown>) {
    const idempotencyKey = randomUUID();
    const scannedAt = new Date().toISOString();
    return operate(
      kind,
      (n) =>
        call(
          baseUrl,
          "POST",
          url,
          { cookie: phone.cookie, "x-device-fingerprint": phone.device },
          n === 0
            ? { ...body, idempotencyKey }
            : { ...body, idempotencyKey, scannedAt, madeByStaffId: phone.staffId },
        ),
      (answer) => answer.body,
    );
  }

  const phoneAt = (shop: number, member: Member) => data.shops[shop]!.phones[member.index % phonesPerShop]!;

  async function memberQr(member: Member) {
    const qr = await operate(
      "member loyalty QR",
      () => call(baseUrl, "GET", "/api/loyalty/qr", asMember(member)),
      (answer) => String(answer.body.qrData),
    );
    return qr.ok ? qr.value : undefined;
  }

  /** The member shows their loyalty QR; the counter stamps the card and gives points for the purchase. */
  async function visit(member: Member, shops: number[]) {
    for (const shop of shops) {
      const qrData = await memberQr(member);
      if (!qrData) continue;
      const phone = phoneAt(shop, member);
      await counter("stamp (counter)", phone, "/api/merchant/scans", {
        qrData,
        action: "stamp",
        purchaseAmount: 30,
      });
      await counter("points grant (counter)", phone, "/api/merchant/points", {
        qrData,
        points: 20 + ((member.index * 7 + shop * 13) % 31),
        purchaseAmount: 45,
      });
    }
  }

  /** Watches the 5-second ad in real time, reporting as the player does; returns the reward, if any. */
  async function watch(member: Member, adId: number) {
    const session = await operate(
      "watch: start a view",
      () => call(baseUrl, "POST", "/api/watch/sessions", asMember(member), { adId }),
      (answer) => Number(answer.body.sessionId),
    );
    if (!session.ok) return undefined;
    const since = Date.now();
    const watched = () => Math.min(5, Math.floor((Date.now() - since) / 100) / 10);
    const report = (kind: Kind) =>
      operate(
        kind,
        () =>
          call(baseUrl, "POST", `/api/watch/sessions/${session.value}/progress`, asMember(member), {
            watchedSeconds: watched(),
          }),
        (answer) => answer.body,
      );
    await sleep(2_000);
    await report("watch: progress report");
    await sleep(Math.max(0, since + 4_400 - Date.now()));
    const done = await report("watch: completing report");
    if (!done.ok) return undefined;
    const reward = done.value.reward as { id: number; code: string | null } | null;
    return reward ?? undefined;
  }

  /** The member opens the reward's QR; the shop's counter scans it to redeem. */
  async function redeem(member: Member, rewardId: number, shop: number) {
    const qr = await operate(
      "reward QR (member)",
      () => call(baseUrl, "POST", `/api/rewards/${rewardId}/qr`, asMember(member)),
      (answer) => String(answer.body.qrData),
    );
    if (!qr.ok) return;
    await counter("redeem reward QR (counter)", phoneAt(shop, member), "/api/merchant/scans", {
      qrData: qr.value,
      action: "redeem",
    });
  }

  async function watchAndRedeem(member: Member, ad: number) {
    const reward = await watch(member, data.adIds[ad]!);
    if (reward?.code) await redeem(member, reward.id, adSetups[ad]!.shop);
  }

  /** Paystack redelivers a webhook until the app answers 200. */
  async function deliverUntilReceived(transaction: FakeTransaction) {
    await operate(
      "webhook delivery (Paystack)",
      async () => {
        try {
          return { status: await fake.deliver("charge.success", transaction), body: {} };
        } catch (error) {
          throw new Unanswered(String(error));
        }
      },
      () => true,
    );
  }

  /**
   * Anigye+ by mobile money: the order (a charge at Paystack), the payer approves on the phone, Paystack
   * sends the signed webhook, and the status page asks until the payment leaves pending. An order whose
   * answer was lost is simply placed again, as a payer tapping Pay again would.
   */
  async function buyPlus(member: Member) {
    const order = await operate(
      "Anigye+ order (Paystack)",
      () =>
        call(baseUrl, "POST", "/api/payments", asMember(member), {
          purpose: "plus",
          method: "paystack",
          provider: "mtn",
          paymentPhone: momoPhone,
        }),
      (answer) => ({ id: Number(answer.body.id), reference: String(answer.body.reference) }),
    );
    if (!order.ok) return;
    seenReferences.add(order.value.reference);
    await sleep(300);
    const transaction = fake.transactions.get(order.value.reference);
    if (!transaction) return;
    transaction.status = "success";
    await deliverUntilReceived(transaction);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const status = await operate(
        "payment status page (polls)",
        () => call(baseUrl, "GET", `/api/payments/${order.value.id}`, asMember(member)),
        (answer) => String(answer.body.status),
      );
      if (!status.ok || status.value !== "pending") return;
      await sleep(1_000);
    }
  }

  /**
   * A renewal or upgrade paid by manual MoMo (the MoMo transaction ID given with the order), then
   * verified by the admin. A resent order with the same MoMo ID is refused as taken: the owner then
   * finds the order in their payments list.
   */
  async function payPlan(shop: number) {
    const owner = data.shops[shop]!;
    const momoReference = `MP-CRASH-${shop}-${randomUUID().slice(0, 8)}`;
    const order = await operate(
      "plan order (manual MoMo)",
      () =>
        call(
          baseUrl,
          "POST",
          "/api/payments",
          { cookie: owner.ownerCookie },
          {
            purpose: "company_plan",
            companyId: owner.id,
            plan: shopPlans[shop]!.pays,
            method: "momo_manual",
            paymentPhone: momoPhone,
            provider: "mtn",
            paymentReference: momoReference,
          },
        ),
      (answer) => Number(answer.body.id),
      async (answer) => {
        if (answer.body.code !== "CONFLICT") return undefined;
        const list = await call(baseUrl, "GET", `/api/companies/${owner.id}/payments`, {
          cookie: owner.ownerCookie,
        });
        const payments = (list.body.payments ?? []) as { id: number; momoReference: string | null }[];
        return payments.find((p) => p.momoReference === momoReference)?.id;
      },
    );
    const paymentId = order.ok ? order.value : undefined;
    if (paymentId === undefined) return;
    await sleep(500);
    await operate(
      "admin verifies payment",
      () =>
        call(
          baseUrl,
          "POST",
          `/api/admin/payments/${paymentId}/decision`,
          { cookie: data.adminCookie },
          {
            status: "verified",
          },
        ),
      () => true,
      async (answer) => {
        if (answer.body.code !== "CONFLICT") return undefined;
        const payment = await call(baseUrl, "GET", `/api/payments/${paymentId}`, {
          cookie: data.adminCookie,
        });
        return payment.body.status === "succeeded" ? true : undefined;
      },
    );
  }

  /**
   * A member's visit: a stamp and points at one shop, two ads watched and redeemed, Anigye+, and the
   * other two shops. Each member starts at a different step, so every kind of write is under way at
   * any moment.
   */
  async function journey(member: Member) {
    const i = member.index;
    const steps = [
      () => visit(member, [i % shopCount]),
      () => watchAndRedeem(member, i % adSetups.length),
      () => buyPlus(member),
      () => visit(member, [(i + 1) % shopCount, (i + 2) % shopCount]),
      () => watchAndRedeem(member, (i + 1) % adSetups.length),
    ];
    await sleep((i * 3_500) / memberCount);
    for (let s = 0; s < steps.length; s++) await steps[(s + i) % steps.length]!();
  }

  /** Every prompt that reached a payer's phone is approved, including those whose order answer was lost. */
  async function approveStalePrompts() {
    let approved = 0;
    for (const transaction of fake.transactions.values()) {
      if (seenReferences.has(transaction.reference) || transaction.status !== "pay_offline") continue;
      transaction.status = "success";
      await deliverUntilReceived(transaction);
      approved++;
    }
    return approved;
  }

  return { journey, payPlan, approveStalePrompts };
}

// --- The invariants -------------------------------------------------------------------------------

interface Check {
  name: string;
  /** How many rows the check looked at. */
  checked: string;
  /** Rows that break it. */
  violations: string;
}

const tierCase = `case ${[...tierIds]
  .reverse()
  .map((tier) => `when lifetime >= ${tierThresholds[tier]} then '${tier}'`)
  .join(" ")} end`;

const checks: Check[] = [
  {
    name: "member XP: sum(xp ledger) = users.xp_points",
    checked: "select count(*) from users",
    violations: `
      select u.id, u.xp_points, coalesce(l.total, 0) as ledger
      from users u left join (select user_id, sum(amount) as total from ledger_entries
                              where currency = 'xp' group by user_id) l on l.user_id = u.id
      where u.xp_points <> coalesce(l.total, 0)`,
  },
  {
    name: "member lifetime XP and tier follow the ledger",
    checked: "select count(*) from users",
    violations: `
      select * from (
        select u.id, u.lifetime_xp, u.tier::text as tier,
               coalesce(l.earned, 0) + coalesce(l.reversed, 0) as lifetime
        from users u left join (
          select user_id, sum(amount) filter (where amount > 0) as earned,
                 sum(amount) filter (where reverses_entry_id is not null) as reversed
          from ledger_entries where currency = 'xp' group by user_id) l on l.user_id = u.id) t
      where lifetime_xp <> lifetime or tier <> ${tierCase}`,
  },
  {
    name: "member points: sum(prize_points ledger) = users.prize_points",
    checked: "select count(*) from users",
    violations: `
      select u.id, u.prize_points, coalesce(l.total, 0) as ledger
      from users u left join (select user_id, sum(amount) as total from ledger_entries
                              where currency = 'prize_points' group by user_id) l on l.user_id = u.id
      where u.prize_points <> coalesce(l.total, 0)`,
  },
  {
    name: "company allocation: used = sum(point grants), remaining = allocated - used",
    checked: "select count(*) from company_point_allocations",
    violations: `
      select a.company_id, a.year, a.month, a.allocated_points, a.used_points, a.remaining_points, coalesce(t.total, 0) as granted
      from company_point_allocations a
      left join (select from_company_id, extract(year from created_at at time zone 'UTC')::int as year,
                        extract(month from created_at at time zone 'UTC')::int as month, sum(points) as total
                 from point_transactions group by 1, 2, 3) t
        on t.from_company_id = a.company_id and t.year = a.year and t.month = a.month
      where a.used_points <> coalesce(t.total, 0) or a.remaining_points <> a.allocated_points - a.used_points`,
  },
  {
    name: "no negative balance (members, allocations, daily limits)",
    checked: `select (select count(*) from users)
                   + (select count(*) from company_point_allocations) + (select count(*) from daily_point_limits)`,
    violations: `
      select 'user' as kind, id from users where xp_points < 0 or lifetime_xp < 0 or prize_points < 0
      union all select 'allocation', id from company_point_allocations where remaining_points < 0 or used_points < 0
      union all select 'daily points', id from daily_point_limits
        where points_received < 0 or points_received > max_points_per_day`,
  },
  {
    name: "every reward with XP has its one ledger row; every reward ledger row has its reward",
    checked: `select (select count(*) from rewards) + (select count(*) from ledger_entries where source_type = 'reward')`,
    violations: `
      select 'reward without its row' as problem, r.id from rewards r
      where r.xp_points_awarded > 0 and (select count(*) from ledger_entries l
        where l.source_type = 'reward' and l.source_id = r.id and l.currency = 'xp'
          and l.user_id = r.user_id and l.amount = r.xp_points_awarded) <> 1
      union all
      select 'row without its reward', l.id from ledger_entries l left join rewards r on r.id = l.source_id
      where l.source_type = 'reward' and (r.id is null or r.user_id is distinct from l.user_id)`,
  },
  {
    name: "every reward comes from a completed watch (same instant), a member's one per ad",
    checked: "select count(*) from rewards",
    violations: `
      select r.id from rewards r where not exists (
        select 1 from watch_progress w where w.user_id = r.user_id and w.ad_id = r.ad_id
          and w.completed and w.completed_at = r.created_at)`,
  },
  {
    name: "every pool-code reward holds exactly its code; every handed-out code has its reward",
    checked: "select count(*) from ad_discount_codes where assigned_reward_id is not null",
    violations: `
      select 'reward' as side, r.id from rewards r
      where r.reward_type = 'discount' and r.custom_discount_code is null
        and (select count(*) from ad_discount_codes d
             where d.assigned_reward_id = r.id and d.code = r.discount_code and d.ad_id = r.ad_id) <> 1
      union all
      select 'code', d.id from ad_discount_codes d left join rewards r on r.id = d.assigned_reward_id
      where (d.assigned_at is not null) <> (d.assigned_reward_id is not null)
         or (d.assigned_reward_id is not null and (r.id is null or r.ad_id <> d.ad_id))`,
  },
  {
    name: "a verified redemption has its one XP row; every redemption row has its redemption",
    checked: `select (select count(*) from redemptions) + (select count(*) from ledger_entries where source_type = 'redemption')`,
    violations: `
      select 'redemption without its row' as problem, d.id from redemptions d
      where d.method <> 'self' and (select count(*) from ledger_entries l where l.source_type = 'redemption'
        and l.source_id = d.id and l.currency = 'xp' and l.user_id = d.user_id) <> 1
      union all
      select 'row without its redemption', l.id from ledger_entries l left join redemptions d on d.id = l.source_id
      where l.source_type = 'redemption' and (d.id is null or d.user_id is distinct from l.user_id)`,
  },
  {
    name: "a used reward has exactly one live redemption, and only a used one",
    checked: "select count(*) from rewards",
    violations: `
      select r.id, r.is_used, count(d.id) as live
      from rewards r left join redemptions d on d.reward_id = r.id and d.status in ('pending', 'complete')
      group by r.id having r.is_used <> (count(d.id) = 1) or count(d.id) > 1
         or bool_or(d.ad_id <> r.ad_id or d.company_id <> r.company_id)`,
  },
  {
    name: "redemptions per ad within its cap, and per Accra day and ISO week within those caps",
    checked: "select count(*) from ads",
    violations: `
      select a.id, 'total' as cap, count(*) as n from ads a join redemptions d on d.ad_id = a.id
      where d.status in ('pending', 'complete') group by a.id having count(*) > max(a.max_redemptions)
      union all
      select a.id, 'day ' || (d.timestamp at time zone 'UTC')::date, count(*) from ads a
        join redemptions d on d.ad_id = a.id
      where d.status in ('pending', 'complete') and a.daily_redemption_cap is not null
      group by a.id, (d.timestamp at time zone 'UTC')::date having count(*) > max(a.daily_redemption_cap)
      union all
      select a.id, 'week ' || date_trunc('week', d.timestamp at time zone 'UTC')::date, count(*) from ads a
        join redemptions d on d.ad_id = a.id
      where d.status in ('pending', 'complete') and a.weekly_redemption_cap is not null
      group by a.id, date_trunc('week', d.timestamp at time zone 'UTC') having count(*) > max(a.weekly_redemption_cap)`,
  },
  {
    name: "ad counters = rows: views, unlocks (within maxCoupons), redemptions",
    checked: "select count(*) from ads",
    violations: `
      select a.id, a.view_count, a.unlock_count, a.max_coupons, a.current_redemptions,
             (select count(*) from watch_progress w where w.ad_id = a.id) as views,
             (select count(*) from rewards r where r.ad_id = a.id) as rewards,
             (select count(*) from redemptions d where d.ad_id = a.id and d.status in ('pending', 'complete')) as live
      from ads a
      where a.view_count <> (select count(*) from watch_progress w where w.ad_id = a.id)
         or a.unlock_count <> (select count(*) from rewards r where r.ad_id = a.id)
         or a.unlock_count > coalesce(a.max_coupons, a.unlock_count)
         or a.current_redemptions <> (select count(*) from redemptions d
                                      where d.ad_id = a.id and d.status in ('pending', 'complete'))`,
  },
  {
    name: "ad daily stats add up: views, unlocks, redemptions, completed watches",
    checked: "select count(*) from ad_daily_stats",
    violations: `
      select a.id, s.views, s.unlocks, s.redemptions, s.completions
      from ads a left join (select ad_id, sum(views) as views, sum(unlocks) as unlocks,
                                   sum(redemptions) as redemptions, sum(completions) as completions
                            from ad_daily_stats group by ad_id) s on s.ad_id = a.id
      where coalesce(s.views, 0) <> a.view_count or coalesce(s.unlocks, 0) <> a.unlock_count
         or coalesce(s.redemptions, 0) <> a.current_redemptions
         or coalesce(s.completions, 0) <> (select count(*) from watch_progress w where w.ad_id = a.id and w.completed)`,
  },
  {
    name: "users.total_views = rewards earned; at most one open view per member",
    checked: "select count(*) from users",
    violations: `
      select u.id, u.total_views, (select count(*) from rewards r where r.user_id = u.id) as rewards,
             (select count(*) from watch_progress w where w.user_id = u.id and w.closed_at is null and not w.completed) as open_views
      from users u
      where u.total_views <> (select count(*) from rewards r where r.user_id = u.id)
         or (select count(*) from watch_progress w where w.user_id = u.id and w.closed_at is null and not w.completed) > 1`,
  },
  {
    name: "loyalty counters = check-ins: card stamps, visits, the day's scans",
    checked: "select count(*) from loyalty_check_ins",
    violations: `
      select 'card' as counter, c.id, c.current_stamps as value, count(i.id) as rows from loyalty_cards c
        left join loyalty_check_ins i on i.card_id = c.id
      group by c.id having c.current_stamps <> count(i.id) or (c.current_stamps >= c.required_stamps) <> c.is_completed
      union all
      select 'visits', v.id, v.visit_count, (select count(*) from loyalty_check_ins i
        where i.user_id = v.user_id and i.company_id = v.company_id) from loyalty_counters v
      where v.visit_count <> (select count(*) from loyalty_check_ins i
        where i.user_id = v.user_id and i.company_id = v.company_id)
      union all
      select 'day', d.id, d.scan_count, (select count(*) from loyalty_check_ins i where i.user_id = d.user_id
        and i.company_id = d.company_id and (i.created_at at time zone 'UTC')::date = d.scan_date)
      from daily_scan_limits d
      where d.scan_count > d.max_scans_allowed or d.scan_count <> (select count(*) from loyalty_check_ins i
        where i.user_id = d.user_id and i.company_id = d.company_id
          and (i.created_at at time zone 'UTC')::date = d.scan_date)`,
  },
  {
    name: "every stamp has its one XP row; every stamp XP row has its check-in",
    checked: `select (select count(*) from loyalty_check_ins) + (select count(*) from ledger_entries where source_type = 'loyalty_check_in')`,
    violations: `
      select 'check-in without its row' as problem, i.id from loyalty_check_ins i
      where (select count(*) from ledger_entries l where l.source_type = 'loyalty_check_in'
             and l.source_id = i.id and l.currency = 'xp' and l.user_id = i.user_id) <> 1
      union all
      select 'row without its check-in', l.id from ledger_entries l left join loyalty_check_ins i on i.id = l.source_id
      where l.source_type = 'loyalty_check_in' and (i.id is null or i.user_id is distinct from l.user_id)`,
  },
  {
    name: "every point grant has its one prize-points row (and the day's total); every row has its grant",
    checked: `select (select count(*) from point_transactions) + (select count(*) from daily_point_limits)`,
    violations: `
      select 'grant without its row' as problem, t.id from point_transactions t
      where (select count(*) from ledger_entries l where l.source_type = 'point_transaction'
             and l.source_id = t.id and l.currency = 'prize_points' and l.user_id = t.to_user_id
             and l.amount = t.points) <> 1
      union all
      select 'row without its grant', l.id from ledger_entries l left join point_transactions t on t.id = l.source_id
      where l.source_type = 'point_transaction' and (t.id is null or t.to_user_id is distinct from l.user_id)
      union all
      select 'day total', d.id from daily_point_limits d
      where d.points_received <> coalesce((select sum(points) from point_transactions t
        where t.to_user_id = d.user_id and (t.created_at at time zone 'UTC')::date = d.day), 0)`,
  },
  {
    name: "counter log: one accepted log row per stamp, grant and reward redemption",
    checked: "select count(*) from qr_scan_logs",
    violations: `
      select c.id,
        (select count(*) from qr_scan_logs s where s.company_id = c.id and s.accepted and s.scan_type = 'stamp') as stamp_logs,
        (select count(*) from loyalty_check_ins i where i.company_id = c.id) as check_ins,
        (select count(*) from qr_scan_logs s where s.company_id = c.id and s.accepted and s.scan_type = 'points') as points_logs,
        (select count(*) from point_transactions t where t.from_company_id = c.id) as grants,
        (select count(*) from qr_scan_logs s where s.company_id = c.id and s.accepted and s.scan_type = 'redeem') as redeem_logs,
        (select count(*) from redemptions d where d.company_id = c.id and d.method = 'qr') as redemptions
      from companies c
      where (select count(*) from qr_scan_logs s where s.company_id = c.id and s.accepted and s.scan_type = 'stamp')
              <> (select count(*) from loyalty_check_ins i where i.company_id = c.id)
         or (select count(*) from qr_scan_logs s where s.company_id = c.id and s.accepted and s.scan_type = 'points')
              <> (select count(*) from point_transactions t where t.from_company_id = c.id)
         or (select count(*) from qr_scan_logs s where s.company_id = c.id and s.accepted and s.scan_type = 'redeem')
              <> (select count(*) from redemptions d where d.company_id = c.id and d.method = 'qr')`,
  },
  {
    name: "draw entries = their sources; every points entry has its grant",
    checked: "select (select count(*) from draw_entries) + (select count(*) from draw_entry_sources)",
    violations: `
      select 'entry' as problem, e.id from draw_entries e
      where e.earned_entries <> (select count(*) from draw_entry_sources s
                                 where s.draw_id = e.draw_id and s.user_id = e.user_id)
      union all
      select 'points source', s.id from draw_entry_sources s
      left join point_transactions t on s.source_key = 'points:' || t.id
      where s.source = 'points' and (t.id is null or t.to_user_id <> s.user_id)`,
  },
  {
    name: "payment succeeded <=> its period granted (once); pending grants nothing",
    checked: "select count(*) from payments",
    violations: `
      select p.id, p.status::text as payment, s.status::text as period, s.starts_at, s.verified_at
      from payments p join subscriptions s on s.id = p.subscription_id
      where case p.status
        when 'succeeded' then not (s.status in ('active', 'expired') and s.starts_at is not null
                                   and s.expires_at is not null and s.verified_at is not null)
        when 'pending' then s.status <> 'pending' or s.starts_at is not null
        when 'flagged' then s.status <> 'pending' or s.starts_at is not null
        when 'failed' then s.status <> 'cancelled'
        when 'rejected' then s.status <> 'rejected'
      end
      union all
      select p.id, p.status::text, null, null, null from payments p where p.subscription_id is null`,
  },
  {
    name: `Anigye+: one ${paidPeriodDays}-day period per payment, end to end; users' expiry = last period`,
    checked: "select count(*) from users",
    violations: `
      select u.id, u.is_plus, u.subscription_expires_at, x.paid, x.periods, x.last_end, x.days, x.overlaps
      from users u
      left join (select user_id, count(*) filter (where p.status = 'succeeded') as paid from payments p
                 where p.user_id is not null group by user_id) pay on pay.user_id = u.id
      left join lateral (
        select coalesce(pay.paid, 0) as paid, count(*) as periods, max(s.expires_at) as last_end,
               coalesce(sum(extract(epoch from s.expires_at - s.starts_at)) / 86400, 0) as days,
               count(*) filter (where s.starts_at < s.previous_end) as overlaps
        from (select *, lag(expires_at) over (order by starts_at) as previous_end from subscriptions
              where user_id = u.id and type = 'plus' and status = 'active') s) x on true
      where x.paid <> x.periods or u.is_plus <> (x.periods > 0) or x.days <> ${paidPeriodDays} * x.periods or x.overlaps > 0
         or (x.periods > 0 and u.subscription_expires_at is distinct from x.last_end)`,
  },
  {
    name: "company plans: one period per payment; paid_until = last period; plan in effect",
    checked: "select count(*) from companies",
    violations: `
      select c.id, c.plan::text as plan, c.paid_until, x.paid, x.periods, x.last_end, x.current_plan
      from companies c
      join lateral (
        select (select count(*) from payments p where p.company_id = c.id and p.status = 'succeeded') as paid,
               count(*) filter (where s.status in ('active', 'expired')) as periods,
               max(s.expires_at) filter (where s.status = 'active') as last_end,
               max(s.type::text) filter (where s.status = 'active' and s.starts_at <= now()) as current_plan
        from subscriptions s where s.company_id = c.id and s.starts_at is not null) x on true
      where x.paid <> x.periods or (x.periods > 0 and c.paid_until is distinct from x.last_end)
         or (x.current_plan is not null and x.current_plan <> c.plan::text)`,
  },
];

async function checkInvariants(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const results = [];
  try {
    for (const check of checks) {
      const checked = Number(Object.values((await client.query(check.checked)).rows[0])[0]);
      const violations = (await client.query(check.violations)).rows;
      results.push({ name: check.name, checked, violations });
    }
    const counts = (
      await client.query(`select
        (select count(*) from watch_progress) as views,
        (select count(*) from watch_progress where completed) as completed_views,
        (select count(*) from rewards) as rewards,
        (select count(*) from redemptions) as redemptions,
        (select count(*) from loyalty_check_ins) as stamps,
        (select count(*) from point_transactions) as grants,
        (select coalesce(sum(points), 0) from point_transactions) as points,
        (select count(*) from payments where status = 'succeeded') as paid,
        (select count(*) from payments where status = 'pending') as pending_payments,
        (select count(*) from ledger_entries) as ledger_rows,
        (select count(*) from qr_scan_logs where accepted) as accepted_scans,
        (select count(*) from qr_scan_logs where not accepted) as refused_scans`)
    ).rows[0] as Record<string, string>;
    return { results, counts };
  } finally {
    await client.end();
  }
}

// --- The run --------------------------------------------------------------------------------------

let failed = false;

await withScratchDatabase(async (databaseUrl) => {
  const data = await prepare(databaseUrl);
  note(`prepared ${memberCount} members, ${shopCount} shops (${phonesPerShop} counter phones each), 3 ads`);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const fake = await startPaystackFake({ secretKey });
  fake.setWebhookUrl(`${baseUrl}/api/payments/paystack/webhook`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-crash-"));
  const logFile = path.join(dataDir, "server.log");
  const env = {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "development",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    PAYSTACK_SECRET_KEY: secretKey,
    PAYSTACK_BASE_URL: fake.url,
  };
  let server = startServer(env, logFile);
  try {
    await waitUntilUp(`${baseUrl}/api/health`, server);
    note(`server up on port ${port} (pid ${server.child.pid})`);

    const { journey, payPlan, approveStalePrompts } = clients(baseUrl, data, fake);
    const loadStart = Date.now();
    const load = Promise.all([
      ...data.members.map((member) => journey(member)),
      ...shopPlans.map(async (_, shop) => {
        await sleep(1_000 + shop * 2_000);
        await payPlan(shop);
      }),
    ]);

    // The kill: after killAfterMs, at a moment with 10 requests in flight (after 4 s more, any in flight).
    let loadDone = false;
    const markDone = () => {
      loadDone = true;
    };
    void load.then(markDone, markDone);
    await sleep(killAfterMs);
    const waitedFrom = Date.now();
    const moment = () => inFlight >= 10 || (inFlight > 0 && Date.now() - waitedFrom >= 4_000);
    while (!loadDone && !moment()) await sleep(1);
    const inFlightAtKill = inFlight;
    const doneBeforeKill = [...tallies.values()].reduce((sum, t) => sum + t.before, 0);
    killed = true;
    server.child.kill("SIGKILL");
    await server.exited;
    const killedAt = Date.now();
    note(
      `SIGKILL at ${seconds(killedAt - loadStart)} into the load: ${inFlightAtKill} requests in flight, ${doneBeforeKill} operations done`,
    );
    server = startServer(env, logFile);
    await waitUntilUp(`${baseUrl}/api/health`, server);
    note(`restarted (pid ${server.child.pid}) after ${seconds(Date.now() - killedAt)} down`);

    await load;
    const stale = await approveStalePrompts();
    note(
      `load finished ${seconds(Date.now() - loadStart)} after it started; ${stale} payment prompts whose order answer was lost approved too`,
    );
    const stopping = server.exited;
    server.child.kill("SIGTERM");
    await stopping;

    console.log("\n## Operations (HTTP answers the clients accepted)");
    console.log(
      "| operation | ok before kill | ok after kill | resends | replayed (alreadyApplied) | 503 (shed) | refused | gave up |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const [kind, t] of tallies) {
      const refused = [...t.refused].map(([code, n]) => `${code} ${n}`).join(", ") || "0";
      console.log(
        `| ${kind} | ${t.before} | ${t.after} | ${t.resends} | ${t.replayed} | ${t.shed} | ${refused} | ${t.gaveUp} |`,
      );
    }
    console.log(`\nrequests in flight at the kill: ${inFlightAtKill}`);
    if (serverErrors.length > 0) {
      console.log(`5xx answers (other than 503): ${serverErrors.length}`);
      for (const line of serverErrors.slice(0, 10)) console.log(`  ${line}`);
    }

    const { results, counts } = await checkInvariants(databaseUrl);
    console.log("\n## Rows written");
    console.log(
      Object.entries(counts)
        .map(([name, value]) => `${name} ${value}`)
        .join(", "),
    );
    console.log("\n## Invariants after SIGKILL and restart");
    console.log("| invariant | rows checked | violations |");
    console.log("|---|---|---|");
    for (const result of results) {
      console.log(`| ${result.name} | ${result.checked} | ${result.violations.length} |`);
    }
    for (const result of results.filter((r) => r.violations.length > 0)) {
      failed = true;
      console.log(`\nVIOLATION: ${result.name}`);
      for (const row of result.violations.slice(0, 5)) console.log(`  ${JSON.stringify(row)}`);
    }
    const gaveUp = [...tallies.values()].reduce((sum, t) => sum + t.gaveUp, 0);
    if (gaveUp > 0) {
      failed = true;
      console.log(`\nFAILED: ${gaveUp} operations never got an answer`);
    }
    if (inFlightAtKill === 0) {
      failed = true;
      console.log("\nFAILED: nothing was in flight at the kill, so it did not happen mid-load");
    }
    const after = [...tallies.values()].reduce((sum, t) => sum + t.after, 0);
    if (doneBeforeKill === 0 || after === 0) {
      failed = true;
      console.log("\nFAILED: the kill did not fall between operations (none before it or none after)");
    }
  } catch (error) {
    failed = true;
    console.error(error);
    console.error(`server log (${logFile}):\n${fs.readFileSync(logFile, "utf8").slice(-4_000)}`);
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    await fake.close();
    const log = fs.readFileSync(logFile, "utf8");
    const errorLines = log.split("\n").filter((line) => /"level":(50|60)/.test(line));
    if (errorLines.length > 0) {
      console.log(`\nserver log: ${errorLines.length} error lines, first:`);
      for (const line of errorLines.slice(0, 3)) console.log(`  ${line.slice(0, 400)}`);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

note(failed ? "crash safety: FAILED" : "crash safety: every invariant holds");
process.exit(failed ? 1 : 0);
