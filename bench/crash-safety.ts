import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Executor, openDatabase } from "../src/server/db/client";
import { adDiscountCodes, ads, companyStaff, loyaltyPrograms } from "../src/server/db/schema";
import { createCompany, createUser } from "../src/server/db/seed/factories";
import { hashPassword } from "../src/server/lib/password";
import { createSession } from "../src/server/modules/auth";
import { checkMoneyLedger, transferMoney } from "../src/server/modules/money";
import {
  type FakeTransaction,
  type FakeTransfer,
  type PaystackFake,
  startPaystackFake,
} from "../src/server/test/paystack-fake";
import { type PlanId, paidPeriodDays } from "../src/shared/plans";
import { tierIds, tierThresholds } from "../src/shared/tiers";
import { withScratchDatabase } from "./scratch-database";
import { freePort } from "./server";

/**
 * Crash safety. The real server (its own process) on a scratch PostgreSQL database takes a
 * bounded write load from 40 members, 3 shops' counter phones, their owners, an admin and "Paystack":
 * watching 5-second ads to the end (rewards, pool codes, XP), reward QRs redeemed at the counter (caps),
 * stamps and point grants from member QRs, Anigye+ bought through Paystack's mobile money (signed
 * webhooks), plan renewals paid by manual MoMo and verified by the admin, and cashback withdrawals to
 * members' MoMo wallets (Paystack transfers settled by signed webhooks). A few seconds in, with requests
 * in flight and withdrawals committed but not yet sent or pending at Paystack, the server is killed with
 * SIGKILL and started again on the same database; every client retries what failed the way the app does
 * (the counter resends with the same idempotency key and scan time, a withdrawal with its key, Paystack
 * redelivers, the payer's status page asks again) and the load runs to its end. Then SQL checks the
 * invariants: ledger sums against cached balances, the money ledger, no negative balance, rewards and
 * redemptions with their ledger rows, caps, counters against their rows, and each withdrawal paid at
 * most once, as Paystack's transfers show. Exits 1 on any violation.
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
/**
 * Members with cashback who withdraw it to their MoMo wallets during the load. Their own: the load's
 * members scan at three shops seconds apart, which the anti-cheat rules count as impossible travel, so
 * their withdrawals would wait for an admin's review (risk score 50 or more) rather than be paid.
 */
const withdrawerCount = 10;
/** What each withdrawer earned in cashback before the load (GH₵ 60). */
const earnedPesewas = 6_000;
/** Her withdrawals, one after another: the day's 3 (the default limit), adding up to what she earned. */
const withdrawalPesewas = [1_500, 2_000, 2_500];
/**
 * The fake settles each transfer (as a success) this long after it was made and posts the signed event:
 * long enough that one is usually pending at Paystack when the kill comes.
 */
const transferSettlesAfterMs = 1_000;
/** How long the withdrawals get, after the load, to leave `queued` and `sending`. */
const payoutsSettleWithinMs = 60_000;

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
  "cashback withdrawal",
  "transfer webhook (Paystack)",
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
  method: "GET" | "POST" | "PUT",
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

/**
 * A withdrawer's own verified phone, which she saves as her wallet. The last one's ends in 000, a number
 * the fake's network refuses (every transfer to it fails), so failed payouts give money back under the
 * crash too; the others end in 1.
 */
function walletOf(withdrawer: number): string {
  if (withdrawer === withdrawerCount - 1) return "+233245601000";
  return `+233245${600_001 + withdrawer * 10}`;
}

/**
 * Cashback as the app makes it, by balanced transfers: the shop tops up its balance, sets the amount aside
 * for a cashback reward, and the member earns it at the counter.
 */
async function giveCashback(db: Executor, userId: number, companyId: number) {
  const moves = [
    {
      from: { kind: "money_received", companyId },
      to: { kind: "company_balance", companyId },
      kind: "top_up",
    },
    {
      from: { kind: "company_balance", companyId },
      to: { kind: "cashback_reserved", companyId },
      kind: "cashback_reserve",
    },
    {
      from: { kind: "cashback_reserved", companyId },
      to: { kind: "member_cashback", userId },
      kind: "cashback_earn",
    },
  ] as const;
  await db.transaction(async (tx) => {
    for (const move of moves) {
      const moved = await transferMoney(tx, {
        ...move,
        amountPesewas: earnedPesewas,
        idempotencyKey: `crash-setup:${move.kind}:member:${userId}`,
        at: new Date(),
      });
      if (moved.status !== "moved") throw new Error(`cashback setup ${move.kind}: ${moved.status}`);
    }
  });
}

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
  const withdrawers = [];
  for (let w = 0; w < withdrawerCount; w++) {
    const wallet = walletOf(w);
    const user = await createUser(db, {
      email: `crash-cashback${w}@example.com`,
      username: `crash-cashback-${w}`,
      phoneNumber: wallet,
      isPhoneVerified: true,
      phoneVerifiedAt: new Date(),
    });
    await giveCashback(db, user.id, shops[w % shopCount]!.id);
    const { token } = await createSession(db, { kind: "user", userId: user.id }, meta);
    const index = memberCount + w;
    withdrawers.push({
      index,
      id: user.id,
      cookie: `anigye_sid=${token}`,
      device: `crash-phone-${index}`,
      wallet,
    });
  }
  const admin = await createUser(db, {
    email: "crash-admin@example.com",
    username: "crash-admin",
    role: "admin",
  });
  const adminSession = await createSession(db, { kind: "user", userId: admin.id }, meta);
  await database.close();
  return { shops, adIds, members, withdrawers, adminCookie: `anigye_sid=${adminSession.token}` };
}

type Data = Awaited<ReturnType<typeof prepare>>;
type Member = Data["members"][number];
type Phone = Data["shops"][number]["phones"][number];
type Withdrawer = Data["withdrawers"][number];

const asMember = (member: Member) => ({ cookie: member.cookie, "x-device-fingerprint": member.device });

/** Each withdrawer saves her own verified phone as her wallet from her phone (so nothing is held). */
async function setWallets(baseUrl: string, data: Data) {
  for (const member of data.withdrawers) {
    const answer = await call(baseUrl, "PUT", "/api/cashback/payout-account", asMember(member), {
      phoneNumber: member.wallet,
      network: "mtn",
    });
    if (answer.status !== 200) {
      throw new Error(`member ${member.index}'s wallet: ${answer.status} ${String(answer.body.message)}`);
    }
  }
}

// --- The clients ----------------------------------------------------------------------------------

function clients(baseUrl: string, data: Data, fake: PaystackFake) {
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

  const withdrawing = { inFlight: 0, lastAnsweredAt: 0, made: 0, answersLost: 0 };

  /**
   * One withdrawal, as the app asks for it: sent again with the same key until answered. A resend answered
   * with a row made before it was sent found the withdrawal its lost answer had made.
   */
  async function withdraw(member: Member, idempotencyKey: string, amountPesewas: number) {
    let sentAt = 0;
    withdrawing.inFlight++;
    const made = await operate(
      "cashback withdrawal",
      () => {
        sentAt = Date.now();
        return call(baseUrl, "POST", "/api/cashback/withdrawals", asMember(member), {
          amountPesewas,
          idempotencyKey,
        });
      },
      (answer) => Date.parse(String(answer.body.createdAt)),
    );
    withdrawing.inFlight--;
    withdrawing.lastAnsweredAt = Date.now();
    if (!made.ok) return;
    withdrawing.made++;
    if (made.value < sentAt) withdrawing.answersLost++;
  }

  /**
   * Her withdrawals one after another. The withdrawers start 300 ms apart from a second before the kill is
   * due, so about 5 a second are asked through the seconds the kill may wait for its moment.
   */
  async function withdrawAll(member: Withdrawer, ordinal: number) {
    await sleep(killAfterMs - 1_000 + ordinal * 300);
    for (const [n, amountPesewas] of withdrawalPesewas.entries()) {
      if (n > 0) await sleep(1_500);
      await withdraw(member, `crash-withdrawal-${member.index}-${n}`, amountPesewas);
    }
  }

  /** A transfer pending at Paystack while a withdrawal is being asked or was just made: a moment to kill. */
  function payoutsUnderWay() {
    const justAsked = withdrawing.inFlight > 0 || Date.now() - withdrawing.lastAnsweredAt < 100;
    return justAsked && [...fake.transfers.values()].some((transfer) => transfer.status === "pending");
  }

  const redelivered = new Set<string>();

  /**
   * The fake posts each transfer's event once, when it settles; Paystack redelivers until it gets a 200.
   * So every settled transfer's event is sent again, once each, until answered: the ones the dead server
   * missed settle now, the rest are replays that must change nothing.
   */
  async function redeliverTransferEvents() {
    for (const transfer of fake.transfers.values()) {
      if (transfer.status === "pending" || redelivered.has(transfer.reference)) continue;
      redelivered.add(transfer.reference);
      await operate(
        "transfer webhook (Paystack)",
        async () => {
          try {
            return { status: await fake.deliverTransfer(transfer.reference), body: {} };
          } catch (error) {
            throw new Unanswered(String(error));
          }
        },
        () => true,
      );
    }
  }

  return {
    journey,
    payPlan,
    approveStalePrompts,
    withdrawAll,
    withdrawing,
    payoutsUnderWay,
    redeliverTransferEvents,
  };
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

/** Cashback and its withdrawals in the money ledger. */
const moneyChecks: Check[] = [
  {
    name: "money accounts: none below zero; money received at or below zero",
    checked: "select count(*) from money_accounts",
    violations: `
      select id, kind::text as kind, balance_pesewas from money_accounts
      where (kind = 'money_received' and balance_pesewas > 0) or (kind <> 'money_received' and balance_pesewas < 0)`,
  },
  {
    name: "cashback per member: balance + in flight + paid out = earned; in flight, paid out = her withdrawals",
    checked: "select count(*) from users",
    violations: `
      select u.id, a.cashback, a.in_flight, a.paid_out, e.earned, w.open, w.paid
      from users u
      cross join lateral (
        select coalesce(sum(balance_pesewas) filter (where kind = 'member_cashback'), 0) as cashback,
               coalesce(sum(balance_pesewas) filter (where kind = 'payout_in_flight'), 0) as in_flight,
               coalesce(sum(balance_pesewas) filter (where kind = 'paid_out'), 0) as paid_out
        from money_accounts where user_id = u.id) a
      cross join lateral (
        select coalesce(sum(t.amount_pesewas), 0) as earned from money_transfers t
        join money_accounts m on m.id = t.credit_account_id
        where t.kind = 'cashback_earn' and m.kind = 'member_cashback' and m.user_id = u.id) e
      cross join lateral (
        select coalesce(sum(amount_pesewas) filter (where status in ('queued', 'review', 'sending')), 0) as open,
               coalesce(sum(amount_pesewas) filter (where status = 'paid'), 0) as paid
        from cashback_withdrawals where user_id = u.id) w
      where a.cashback + a.in_flight + a.paid_out <> e.earned or a.in_flight <> w.open or a.paid_out <> w.paid`,
  },
  {
    name: "each withdrawal's money moved once: taken; paid out if paid; back if failed, reversed or rejected",
    checked: "select count(*) from cashback_withdrawals",
    violations: `
      select w.id, w.status::text as status, m.taken, m.paid_out, m.returned, m.moves
      from cashback_withdrawals w
      cross join lateral (
        select count(*) filter (where kind = 'withdrawal' and amount_pesewas = w.amount_pesewas) as taken,
               count(*) filter (where kind = 'payout' and amount_pesewas = w.amount_pesewas) as paid_out,
               count(*) filter (where kind = 'payout_return' and amount_pesewas = w.amount_pesewas) as returned,
               count(*) as moves
        from money_transfers where withdrawal_id = w.id) m
      where m.taken <> 1 or m.paid_out > 1 or m.moves <> m.taken + m.paid_out + m.returned
         or m.returned <> case when w.status in ('failed', 'reversed', 'rejected') then 1 else 0 end
         or m.paid_out <> case when w.status = 'paid' then 1 when w.status = 'reversed' then m.paid_out else 0 end
      union all
      select t.withdrawal_id, 'transfer ' || t.id || ' without its withdrawal', null, null, null, null
      from money_transfers t left join cashback_withdrawals w on w.id = t.withdrawal_id
      where t.kind in ('withdrawal', 'payout', 'payout_return') and w.id is null`,
  },
];

async function checkInvariants(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const results = [];
  try {
    for (const check of [...checks, ...moneyChecks]) {
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
        (select count(*) from qr_scan_logs where not accepted) as refused_scans,
        (select count(*) from money_transfers) as money_transfers,
        (select count(*) from cashback_withdrawals) as withdrawals`)
    ).rows[0] as Record<string, string>;
    return { results, counts };
  } finally {
    await client.end();
  }
}

// --- Withdrawals against Paystack's transfers ----------------------------------------------------

interface CheckResult {
  name: string;
  checked: number;
  violations: object[];
}

interface WithdrawalRow {
  id: number;
  status: string;
  reference: string;
  amount_pesewas: number;
  fee_pesewas: number;
  phone_number: string;
}

async function withdrawalRows(client: pg.Client): Promise<WithdrawalRow[]> {
  const { rows } = await client.query<WithdrawalRow>(`
    select id, status::text as status, reference, amount_pesewas, fee_pesewas, phone_number
    from cashback_withdrawals order by id`);
  return rows;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const stagesAtTheKill = [
  "queued (committed, not sent)",
  "sending before Paystack made the transfer",
  "pending at Paystack",
  "settled at Paystack, not yet here",
  "settled here",
  "in review",
] as const;
type Stage = (typeof stagesAtTheKill)[number];

function stageOf(row: WithdrawalRow, transferStatus: string | undefined): Stage {
  if (row.status === "queued") return "queued (committed, not sent)";
  if (row.status === "review") return "in review";
  if (row.status !== "sending") return "settled here";
  if (transferStatus === undefined) return "sending before Paystack made the transfer";
  return transferStatus === "pending" ? "pending at Paystack" : "settled at Paystack, not yet here";
}

/**
 * Run while no server is up: where each withdrawal stood when the server died (our rows against Paystack's
 * transfers then), and the payout jobs the dead server had taken. pg-boss hands such a job out again only
 * once its expireIn (5 minutes, message-queue.ts) has passed, at its next maintenance (every 2 minutes);
 * they are moved to `retry` now, as that expiry would, so the run needn't wait 5 to 7 minutes for a send
 * cut off between our commit and Paystack's answer.
 */
async function afterTheKill(databaseUrl: string, paystackThen: Map<string, string>) {
  return withClient(databaseUrl, async (client) => {
    const stages = new Map<Stage, number>(stagesAtTheKill.map((stage) => [stage, 0]));
    for (const row of await withdrawalRows(client)) {
      const stage = stageOf(row, paystackThen.get(row.reference));
      stages.set(stage, stages.get(stage)! + 1);
    }
    const expired = await client.query(
      "update pgboss.job set state = 'retry', start_after = now() where name = 'payout' and state = 'active'",
    );
    return { stages, payoutJobsCutOff: expired.rowCount ?? 0 };
  });
}

/** After the load, Paystack redelivers and the run waits (bounded) until no withdrawal is queued or sending. */
async function waitForPayouts(databaseUrl: string, redeliver: () => Promise<void>) {
  const since = Date.now();
  return withClient(databaseUrl, async (client) => {
    for (;;) {
      await redeliver();
      const { rows } = await client.query<{ open: string }>(
        "select count(*) as open from cashback_withdrawals where status in ('queued', 'sending')",
      );
      const open = Number(rows[0]!.open);
      const waitedMs = Date.now() - since;
      if (open === 0 || waitedMs >= payoutsSettleWithinMs) return { open, waitedMs };
      await sleep(250);
    }
  });
}

/** The money ledger's own proof, and our withdrawals against the fake's transfers. */
async function checkPayouts(databaseUrl: string, fake: PaystackFake) {
  const transfers = [...fake.transfers.values()];
  const { rows, accounts } = await withClient(databaseUrl, async (client) => {
    const counted = await client.query<{ n: string }>("select count(*) as n from money_accounts");
    return { rows: await withdrawalRows(client), accounts: Number(counted.rows[0]!.n) };
  });
  const results: CheckResult[] = [
    await moneyLedgerCheck(databaseUrl, accounts),
    {
      name: "Paystack: every transfer has its withdrawal (none sent under a second reference)",
      checked: transfers.length,
      violations: transfers
        .filter((transfer) => !rows.some((row) => row.reference === transfer.reference))
        .map((transfer) => ({
          reference: transfer.reference,
          status: transfer.status,
          amount: transfer.amount,
        })),
    },
    {
      name: "paid at most once: paid = one successful transfer of amount - fee, failed = a failed one, none open",
      checked: rows.length,
      violations: rows.flatMap((row) => disagreement(row, transfers) ?? []),
    },
    walletsCheck(rows, transfers),
  ];
  return { results, rows, transfers };
}

async function moneyLedgerCheck(databaseUrl: string, accounts: number): Promise<CheckResult> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const ledger = await checkMoneyLedger(database.db);
    const unbalanced = ledger.totalPesewas === 0 ? [] : [{ totalPesewas: ledger.totalPesewas }];
    return {
      name: "money ledger (checkMoneyLedger): all balances sum to zero, each = its transfers",
      checked: accounts,
      violations: [...unbalanced, ...ledger.mismatched, ...ledger.campaignsMismatched],
    };
  } finally {
    await database.close();
  }
}

/** The transfer status each settled withdrawal must have at Paystack; "none" for one never sent. */
const transferFor: Record<string, FakeTransfer["status"] | "none"> = {
  paid: "success",
  failed: "failed",
  reversed: "reversed",
  review: "none",
  rejected: "none",
};

function disagreement(row: WithdrawalRow, transfers: FakeTransfer[]) {
  const made = transfers.filter((transfer) => transfer.reference === row.reference);
  const sent = row.amount_pesewas - row.fee_pesewas;
  if (agreesWithPaystack(row.status, sent, made)) return undefined;
  return { id: row.id, status: row.status, sent, transfers: made.map((t) => `${t.status} ${t.amount}`) };
}

/** Queued or sending after the wait agrees with nothing. */
function agreesWithPaystack(status: string, sentPesewas: number, made: FakeTransfer[]): boolean {
  const expected = transferFor[status];
  if (expected === undefined || made.length > 1) return false;
  if (expected === "none") return made.length === 0;
  const [transfer] = made;
  return transfer !== undefined && transfer.status === expected && transfer.amount === sentPesewas;
}

/** What reached each wallet at Paystack against her paid withdrawals less the fee. */
function walletsCheck(rows: WithdrawalRow[], transfers: FakeTransfer[]): CheckResult {
  const owed = new Map<string, number>();
  const received = new Map<string, number>();
  const add = (sums: Map<string, number>, wallet: string, pesewas: number) =>
    sums.set(wallet, (sums.get(wallet) ?? 0) + pesewas);
  for (const row of rows) {
    if (row.status === "paid")
      add(owed, `0${row.phone_number.slice(4)}`, row.amount_pesewas - row.fee_pesewas);
  }
  for (const transfer of transfers) {
    if (transfer.status === "success") add(received, transfer.recipient.accountNumber, transfer.amount);
  }
  const wallets = [...new Set([...owed.keys(), ...received.keys()])];
  return {
    name: "each wallet received exactly her paid withdrawals less the fee",
    checked: wallets.length,
    violations: wallets
      .filter((wallet) => owed.get(wallet) !== received.get(wallet))
      .map((wallet) => ({ wallet, owed: owed.get(wallet) ?? 0, received: received.get(wallet) ?? 0 })),
  };
}

const cedis = (pesewas: number) => `GH₵ ${(pesewas / 100).toFixed(2)}`;

/** The withdrawals in a few lines: where they stood at the kill, what became of them, what Paystack saw. */
function reportWithdrawals(report: {
  atTheKill: Awaited<ReturnType<typeof afterTheKill>>;
  askedAtKill: number;
  made: { made: number; answersLost: number };
  paid: Awaited<ReturnType<typeof checkPayouts>>;
  requests: PaystackFake["requests"];
  down: { from: number; to: number };
  checks: CheckResult[];
}) {
  const { rows, transfers } = report.paid;
  const withStatus = (status: string) => rows.filter((row) => row.status === status);
  const posts = report.requests.filter((r) => r.method === "POST" && r.path === "/transfer").length;
  const settledWhileDown = transfers.filter(
    (t) =>
      t.status !== "pending" &&
      t.updatedAt.getTime() >= report.down.from &&
      t.updatedAt.getTime() <= report.down.to,
  ).length;
  const paidOut = withStatus("paid").reduce((sum, row) => sum + row.amount_pesewas - row.fee_pesewas, 0);
  const holding = report.checks.filter((check) => check.violations.length === 0).length;
  const stages = [...report.atTheKill.stages].map(([stage, n]) => `${stage} ${n}`).join("; ");
  const open = rows.filter((row) => row.status === "queued" || row.status === "sending").length;
  console.log("\n## Cashback withdrawals");
  console.log(`at the kill: ${stages}; asked with no answer yet ${report.askedAtKill}`);
  console.log(
    `payout jobs the dead server held: ${report.atTheKill.payoutJobsCutOff}, handed out again at once (pg-boss would after 5 minutes)`,
  );
  console.log(
    `withdrawals: ${withdrawalPesewas.length * withdrawerCount} asked, ${report.made.made} made ` +
      `(answers lost at the kill and found again by their key: ${report.made.answersLost}); ` +
      `paid ${withStatus("paid").length} (${cedis(paidOut)} to wallets), failed ${withStatus("failed").length} ` +
      `(the wallet the network refuses), in review ${withStatus("review").length}, left open ${open}`,
  );
  console.log(
    `Paystack: ${transfers.length} transfers from ${posts} POST /transfer (repeats refused: ${posts - transfers.length}); ` +
      `settled while the server was down: ${settledWhileDown} (events redelivered); ` +
      `money and payout checks: ${holding} of ${report.checks.length} hold`,
  );
}

// --- The run --------------------------------------------------------------------------------------

let failed = false;

await withScratchDatabase(async (databaseUrl) => {
  const data = await prepare(databaseUrl);
  note(
    `prepared ${memberCount} members, ${withdrawerCount} more with cashback, ${shopCount} shops (${phonesPerShop} counter phones each), 3 ads`,
  );

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const fake = await startPaystackFake({ secretKey, autoSettleTransfersMs: transferSettlesAfterMs });
  // The restarted server listens on the same port, so the fake's events reach it too.
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
    await setWallets(baseUrl, data);
    note(`${withdrawerCount} members with GH₵ ${earnedPesewas / 100} cashback saved their wallets`);

    const client = clients(baseUrl, data, fake);
    const { journey, payPlan, approveStalePrompts, withdrawAll, payoutsUnderWay } = client;
    const loadStart = Date.now();
    const load = Promise.all([
      ...data.members.map((member) => journey(member)),
      ...data.withdrawers.map((member, ordinal) => withdrawAll(member, ordinal)),
      ...shopPlans.map(async (_, shop) => {
        await sleep(1_000 + shop * 2_000);
        await payPlan(shop);
      }),
    ]);

    // The kill: after killAfterMs, at a moment with 10 requests in flight while a withdrawal is being made
    // and a transfer is pending at Paystack; after 2 s more, 10 in flight; after 4 s, any in flight, still
    // preferring such a withdrawal moment for up to 2 s more (a fast load seldom reaches 10 in flight then).
    let loadDone = false;
    const markDone = () => {
      loadDone = true;
    };
    void load.then(markDone, markDone);
    await sleep(killAfterMs);
    const waitedFrom = Date.now();
    const waited = () => Date.now() - waitedFrom;
    const moment = () =>
      (inFlight >= 10 && (payoutsUnderWay() || waited() >= 2_000)) ||
      (inFlight > 0 && waited() >= 4_000 && (payoutsUnderWay() || waited() >= 6_000));
    while (!loadDone && !moment()) await sleep(1);
    const inFlightAtKill = inFlight;
    const doneBeforeKill = [...tallies.values()].reduce((sum, t) => sum + t.before, 0);
    killed = true;
    server.child.kill("SIGKILL");
    await server.exited;
    const killedAt = Date.now();
    const paystackThen = new Map([...fake.transfers].map(([reference, t]) => [reference, t.status]));
    const withdrawalsAskedAtKill = client.withdrawing.inFlight;
    note(
      `SIGKILL at ${seconds(killedAt - loadStart)} into the load: ${inFlightAtKill} requests in flight, ${doneBeforeKill} operations done`,
    );
    const atTheKill = await afterTheKill(databaseUrl, paystackThen);
    server = startServer(env, logFile);
    await waitUntilUp(`${baseUrl}/api/health`, server);
    const upAgainAt = Date.now();
    note(`restarted (pid ${server.child.pid}) after ${seconds(upAgainAt - killedAt)} down`);

    await load;
    const stale = await approveStalePrompts();
    note(
      `load finished ${seconds(Date.now() - loadStart)} after it started; ${stale} payment prompts whose order answer was lost approved too`,
    );
    const payouts = await waitForPayouts(databaseUrl, client.redeliverTransferEvents);
    note(
      `withdrawals settled ${seconds(payouts.waitedMs)} after the load (${payouts.open} still queued or sending)`,
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

    const invariants = await checkInvariants(databaseUrl);
    const paid = await checkPayouts(databaseUrl, fake);
    const results: CheckResult[] = [...invariants.results, ...paid.results];
    const counts = invariants.counts;
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
    reportWithdrawals({
      atTheKill,
      askedAtKill: withdrawalsAskedAtKill,
      made: client.withdrawing,
      paid,
      requests: fake.requests,
      down: { from: killedAt, to: upAgainAt },
      checks: [...results.filter((r) => moneyChecks.some((check) => check.name === r.name)), ...paid.results],
    });
    const refusedWithdrawals = [...tally("cashback withdrawal").refused.values()].reduce((a, b) => a + b, 0);
    if (refusedWithdrawals > 0) {
      failed = true;
      console.log(
        `\nFAILED: ${refusedWithdrawals} withdrawals within the balance and the day's limit were refused`,
      );
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
    const openAtKill = [...atTheKill.stages]
      .filter(([stage]) => stage !== "settled here" && stage !== "in review")
      .reduce((sum, [, n]) => sum + n, withdrawalsAskedAtKill);
    if (openAtKill === 0) {
      failed = true;
      console.log("\nFAILED: no withdrawal was between its request and its settlement at the kill");
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
