import { randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { paystackSignature } from "../integrations/payments/paystack";

/**
 * A local stand-in for Paystack's documented mobile-money API, for tests and the browser journeys:
 * POST /charge, POST /charge/submit_otp, GET /transaction/verify/:reference, and webhook delivery with a
 * real HMAC-SHA512 `x-paystack-signature`. Outcomes follow the docs' flows:
 * - MTN and AirtelTigo answer `pay_offline` (approve the prompt on your phone);
 * - Telecel (`vod`) answers `send_otp`; the code 123456 moves it to `pay_offline`;
 * - a phone ending in 000 is declined at once (`failed`).
 * The payer "approves" when a test calls `approve()`, or by itself after `autoApproveMs`.
 *
 * Payouts to GHS wallets (https://paystack.com/docs/transfers/): GET /bank (the GHS telcos),
 * POST /transferrecipient, POST /transfer, GET /transfer/verify/:reference and GET /transfer. A transfer
 * starts `pending` ("Transfer has been queued") and ends when a test calls `settleTransfer()`, or as a
 * success by itself after `autoSettleTransfersMs`; to a number ending in 000 it always fails by itself.
 * A reference already used is refused and makes no second transfer.
 */
export interface FakeTransaction {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  phone: string;
  provider: string;
  status: "send_otp" | "pay_offline" | "success" | "failed";
  metadata: unknown;
}

export interface FakeTransferRecipient {
  id: number;
  recipientCode: string;
  name: string;
  accountNumber: string;
  bankCode: string;
  currency: string;
  createdAt: Date;
}

export type FakeTransferOutcome = "success" | "failed" | "reversed";

export interface FakeTransfer {
  id: number;
  transferCode: string;
  reference: string;
  amount: number;
  currency: string;
  reason: string;
  recipient: FakeTransferRecipient;
  status: "pending" | FakeTransferOutcome;
  createdAt: Date;
  updatedAt: Date;
  transferredAt: Date | null;
}

export interface PaystackFakeOptions {
  secretKey: string;
  /** Where "Paystack" posts its events (the app's /api/payments/paystack/webhook). */
  webhookUrl?: string;
  /** Approve every offline charge by itself after this long (the browser journeys). */
  autoApproveMs?: number;
  /** Settle every transfer as a success by itself after this long (the browser journeys). */
  autoSettleTransfersMs?: number;
  port?: number;
}

export const fakeOtp = "123456";

/** GET /bank?currency=GHS&type=mobile_money as documented (Telecel is still listed as Vodafone, "VOD"). */
const ghanaTelcos = [
  { name: "AirtelTigo", slug: "atl-mobile-money", code: "ATL", id: 29 },
  { name: "MTN", slug: "mtn-mobile-money", code: "MTN", id: 28 },
  { name: "Vodafone", slug: "vod-mobile-money", code: "VOD", id: 66 },
].map((telco) => ({
  ...telco,
  longcode: "",
  gateway: null,
  pay_with_bank: false,
  active: true,
  is_deleted: null,
  country: "Ghana",
  currency: "GHS",
  type: "mobile_money",
  createdAt: "2018-03-29T12:54:59.000Z",
  updatedAt: "2019-10-22T11:05:08.000Z",
}));

/** GHS 1 per successful mobile-money transfer (Paystack's Ghana transfer pricing). */
const mobileMoneyTransferFeePesewas = 100;
const fakeIntegrationId = 463433;
/** Paystack's documented reference rule for transfers: 16 to 50 of a-z, 0-9, "-" and "_". */
const transferReferencePattern = /^[a-z0-9_-]{16,50}$/;

function randomCode(prefix: string): string {
  return `${prefix}_${randomInt(36 ** 8, 36 ** 9).toString(36)}${randomInt(36 ** 6, 36 ** 7).toString(36)}`;
}

/** The transfer's `recipient` object as verify, list and the webhooks show it (camelCase timestamps). */
function recipientData(r: FakeTransferRecipient) {
  return {
    active: true,
    createdAt: r.createdAt.toISOString(),
    currency: r.currency,
    description: "",
    domain: "test",
    email: null,
    id: r.id,
    integration: fakeIntegrationId,
    metadata: null,
    name: r.name,
    recipient_code: r.recipientCode,
    type: "mobile_money",
    updatedAt: r.createdAt.toISOString(),
    is_deleted: false,
    details: {
      authorization_code: null,
      account_number: r.accountNumber,
      account_name: null,
      bank_code: r.bankCode,
      bank_name: ghanaTelcos.find((telco) => telco.code === r.bankCode)?.name ?? r.bankCode,
    },
  };
}

/** The fields every documented transfer object shares. */
function transferCore(t: FakeTransfer) {
  return {
    amount: t.amount,
    currency: t.currency,
    domain: "test",
    failures: null,
    id: t.id,
    reason: t.reason,
    reference: t.reference,
    source: "balance",
    source_details: null,
    status: t.status,
    titan_code: null,
    transfer_code: t.transferCode,
    transferred_at: t.transferredAt?.toISOString() ?? null,
  };
}

/** GET /transfer/verify/:reference and GET /transfer items. */
function transferData(t: FakeTransfer) {
  return {
    ...transferCore(t),
    integration: fakeIntegrationId,
    request: t.id,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    recipient: { ...recipientData(t.recipient), isDeleted: false },
    session: { provider: null, id: null },
    fee_charged: t.status === "success" ? mobileMoneyTransferFeePesewas : 0,
    fees_breakdown: null,
    gateway_response: null,
  };
}

/** The documented payloads: transfer.success has camelCase timestamps, transfer.failed/.reversed snake_case. */
function transferEvent(t: FakeTransfer) {
  const integration = { id: fakeIntegrationId, is_live: false, business_name: "Anigye" };
  if (t.status === "success") {
    return {
      event: "transfer.success",
      data: {
        ...transferCore(t),
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
        integration: { ...integration, logo_path: null },
        recipient: recipientData(t.recipient),
        session: { provider: null, id: null },
        fee_charged: mobileMoneyTransferFeePesewas,
        gateway_response: null,
      },
    };
  }
  const { createdAt, updatedAt, ...recipient } = recipientData(t.recipient);
  return {
    event: `transfer.${t.status}`,
    data: {
      ...transferCore(t),
      integration,
      recipient: { ...recipient, created_at: createdAt, updated_at: updatedAt },
      session: { provider: null, id: null },
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
    },
  };
}

function refusal(message: string): [number, unknown] {
  return [400, { status: false, message }];
}

export async function startPaystackFake(options: PaystackFakeOptions) {
  const transactions = new Map<string, FakeTransaction>();
  const transfers = new Map<string, FakeTransfer>();
  const recipients = new Map<string, FakeTransferRecipient>();
  const requests: { method: string; path: string; query: string; body: unknown }[] = [];
  let webhookUrl = options.webhookUrl;
  /** When set, runs after a charge is created and before its answer is sent (a webhook that beats the reply). */
  const hooks: { beforeChargeAnswer?: (t: FakeTransaction) => Promise<void> } = {};

  function send(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }

  function chargeData(t: FakeTransaction) {
    const displayText =
      t.status === "send_otp"
        ? "Please enter the one-time code sent to your phone"
        : t.status === "pay_offline"
          ? "Please complete authorization process on your mobile phone"
          : undefined;
    return {
      reference: t.reference,
      status: t.status,
      display_text: displayText,
      amount: t.amount,
      currency: t.currency,
      gateway_response: t.status === "failed" ? "Declined by the network" : "Approved",
    };
  }

  function scheduleApproval(t: FakeTransaction) {
    if (options.autoApproveMs === undefined) return;
    setTimeout(() => void approve(t.reference).catch(() => undefined), options.autoApproveMs).unref();
  }

  function charge(body: Record<string, unknown>): [number, unknown] {
    const mobileMoney = body.mobile_money as { phone?: unknown; provider?: unknown } | undefined;
    const reference = String(body.reference ?? `fake_${randomInt(1e9)}`);
    if (!Number.isInteger(body.amount) || (body.amount as number) <= 0)
      return [400, { status: false, message: "Invalid Amount Sent" }];
    if (typeof body.email !== "string" || !body.email.includes("@"))
      return [400, { status: false, message: "Invalid Email Address Passed" }];
    if (!mobileMoney || !["mtn", "vod", "atl"].includes(String(mobileMoney.provider)))
      return [400, { status: false, message: "Invalid mobile money provider" }];
    if (transactions.has(reference))
      return [400, { status: false, message: "Duplicate Transaction Reference" }];
    const phone = String(mobileMoney.phone ?? "");
    const transaction: FakeTransaction = {
      id: randomInt(1e6, 1e9),
      reference,
      amount: body.amount as number,
      currency: String(body.currency ?? "NGN"),
      email: body.email,
      phone,
      provider: String(mobileMoney.provider),
      status: phone.endsWith("000") ? "failed" : mobileMoney.provider === "vod" ? "send_otp" : "pay_offline",
      metadata: body.metadata,
    };
    transactions.set(reference, transaction);
    if (transaction.status === "pay_offline") scheduleApproval(transaction);
    return [200, { status: true, message: "Charge attempted", data: chargeData(transaction) }];
  }

  function submitOtp(body: Record<string, unknown>): [number, unknown] {
    const transaction = transactions.get(String(body.reference));
    if (!transaction) return [404, { status: false, message: "Transaction not found" }];
    if (transaction.status !== "send_otp")
      return [400, { status: false, message: "Transaction is not awaiting an OTP" }];
    if (body.otp !== fakeOtp) return [400, { status: false, message: "Invalid OTP" }];
    transaction.status = "pay_offline";
    scheduleApproval(transaction);
    return [200, { status: true, message: "Charge attempted", data: chargeData(transaction) }];
  }

  function verify(reference: string): [number, unknown] {
    const t = transactions.get(reference);
    if (!t) return [400, { status: false, message: "Transaction reference not found" }];
    const status = t.status === "success" || t.status === "failed" ? t.status : "ongoing";
    return [
      200,
      {
        status: true,
        message: "Verification successful",
        data: {
          id: t.id,
          status,
          reference: t.reference,
          amount: t.amount,
          currency: t.currency,
          channel: "mobile_money",
          gateway_response: status === "success" ? "Approved" : status === "failed" ? "Declined" : "Ongoing",
          customer: { email: t.email },
          authorization: { authorization_code: `AUTH_${t.id}`, channel: "mobile_money" },
        },
      },
    ];
  }

  function listBanks(params: URLSearchParams): [number, unknown] {
    const ghanaWallets = params.get("currency") === "GHS" && params.get("type") === "mobile_money";
    return [200, { status: true, message: "Banks retrieved", data: ghanaWallets ? ghanaTelcos : [] }];
  }

  function recipientAnswer(r: FakeTransferRecipient, httpStatus: number): [number, unknown] {
    const data = { ...recipientData(r), isDeleted: false };
    return [httpStatus, { status: true, message: "Transfer recipient created successfully", data }];
  }

  /** "A duplicate account number will lead to the retrieval of the existing record." */
  function createRecipient(body: Record<string, unknown>): [number, unknown] {
    if (body.type !== "mobile_money" || body.currency !== "GHS")
      return refusal("This fake makes GHS mobile_money recipients only");
    if (!ghanaTelcos.some((telco) => telco.code === body.bank_code)) return refusal("Bank code is invalid");
    if (typeof body.account_number !== "string" || !/^\d{9,12}$/.test(body.account_number))
      return refusal("Account number is invalid");
    if (typeof body.name !== "string" || !body.name.trim()) return refusal("Name is required");
    const known = [...recipients.values()].find(
      (r) => r.accountNumber === body.account_number && r.bankCode === body.bank_code,
    );
    if (known) return recipientAnswer(known, 200);
    const recipient: FakeTransferRecipient = {
      id: randomInt(1e6, 1e9),
      recipientCode: randomCode("RCP"),
      name: body.name,
      accountNumber: body.account_number,
      bankCode: String(body.bank_code),
      currency: "GHS",
      createdAt: new Date(),
    };
    recipients.set(recipient.recipientCode, recipient);
    return recipientAnswer(recipient, 201);
  }

  function scheduleTransferSettlement(t: FakeTransfer) {
    const alwaysFails = t.recipient.accountNumber.endsWith("000");
    if (!alwaysFails && options.autoSettleTransfersMs === undefined) return;
    const outcome = alwaysFails ? "failed" : "success";
    setTimeout(
      () => void settleTransfer(t.reference, outcome).catch(() => undefined),
      options.autoSettleTransfersMs ?? 0,
    ).unref();
  }

  function transferRefusal(body: Record<string, unknown>, reference: string): [number, unknown] | undefined {
    if (body.source !== "balance") return refusal("Invalid transfer source");
    if (!Number.isInteger(body.amount) || (body.amount as number) <= 0) return refusal("Invalid Amount Sent");
    if (!transferReferencePattern.test(reference))
      return refusal("Your reference contains illegal special characters");
    if (!recipients.has(String(body.recipient))) return refusal("Recipient specified is invalid");
    // Paystack: "This reference has already been used on a prior transfer". The wording here is the fake's.
    if (transfers.has(reference)) return refusal("Duplicate Transfer Reference");
    return undefined;
  }

  function initiateTransfer(body: Record<string, unknown>): [number, unknown] {
    const reference = typeof body.reference === "string" ? body.reference : randomCode("fake").toLowerCase();
    const refused = transferRefusal(body, reference);
    if (refused) return refused;
    const recipient = recipients.get(String(body.recipient))!;
    const now = new Date();
    const transfer: FakeTransfer = {
      id: randomInt(1e6, 1e9),
      transferCode: randomCode("TRF"),
      reference,
      amount: body.amount as number,
      currency: typeof body.currency === "string" ? body.currency : "NGN",
      reason: typeof body.reason === "string" ? body.reason : "",
      recipient,
      status: "pending",
      createdAt: now,
      updatedAt: now,
      transferredAt: null,
    };
    transfers.set(reference, transfer);
    scheduleTransferSettlement(transfer);
    const data = {
      transfersessionid: [],
      transfertrials: [],
      ...transferCore(transfer),
      integration: fakeIntegrationId,
      request: transfer.id,
      recipient: recipient.id,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    return [200, { status: true, message: "Transfer has been queued", data }];
  }

  function verifyTransfer(reference: string): [number, unknown] {
    const t = transfers.get(reference);
    if (!t) return [404, { status: false, message: "Transfer not found" }];
    return [200, { status: true, message: "Transfer retrieved", data: transferData(t) }];
  }

  function positiveInteger(value: string | null, fallback: number): number {
    const parsed = Number(value);
    return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
  }

  /** Newest first, `from`/`to` bounding createdAt, paged by perPage (default 50) and page (default 1). */
  function listTransfers(params: URLSearchParams): [number, unknown] {
    const perPage = positiveInteger(params.get("perPage"), 50);
    const page = positiveInteger(params.get("page"), 1);
    const from = params.get("from") ? Date.parse(params.get("from")!) : Number.NEGATIVE_INFINITY;
    const to = params.get("to") ? Date.parse(params.get("to")!) : Number.POSITIVE_INFINITY;
    if (Number.isNaN(from) || Number.isNaN(to)) return refusal("Invalid date format for from or to");
    const matching = [...transfers.values()]
      .filter((t) => t.createdAt.getTime() >= from && t.createdAt.getTime() <= to)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const skipped = (page - 1) * perPage;
    const meta = {
      total: matching.length,
      skipped,
      perPage,
      page,
      pageCount: Math.ceil(matching.length / perPage),
    };
    const data = matching.slice(skipped, skipped + perPage).map(transferData);
    return [200, { status: true, message: "Transfers retrieved", data, meta }];
  }

  function routeTransfers(method: string, url: URL, body: Record<string, unknown>) {
    if (method === "GET" && url.pathname === "/bank") return listBanks(url.searchParams);
    if (method === "POST" && url.pathname === "/transferrecipient") return createRecipient(body);
    if (method === "POST" && url.pathname === "/transfer") return initiateTransfer(body);
    if (method === "GET" && url.pathname === "/transfer") return listTransfers(url.searchParams);
    const verifyMatch = url.pathname.match(/^\/transfer\/verify\/(.+)$/);
    if (method === "GET" && verifyMatch) return verifyTransfer(decodeURIComponent(verifyMatch[1]!));
    return undefined;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(res, 400, { status: false, message: "Invalid JSON" });
      }
      const url = new URL(req.url ?? "/", "http://fake");
      requests.push({ method: req.method ?? "", path: url.pathname, query: url.search, body });
      if (url.pathname === "/health") return send(res, 200, { status: true });
      if (req.headers.authorization !== `Bearer ${options.secretKey}`)
        return send(res, 401, { status: false, message: "Invalid key" });
      if (req.method === "POST" && url.pathname === "/charge") {
        const [status, answer] = charge(body);
        const created = transactions.get(String(body.reference));
        if (!hooks.beforeChargeAnswer || status !== 200 || !created) return send(res, status, answer);
        void hooks
          .beforeChargeAnswer(created)
          .then(() =>
            send(res, 200, { status: true, message: "Charge attempted", data: chargeData(created) }),
          );
        return;
      }
      if (req.method === "POST" && url.pathname === "/charge/submit_otp")
        return send(res, ...submitOtp(body));
      const verifyMatch = url.pathname.match(/^\/transaction\/verify\/(.+)$/);
      if (req.method === "GET" && verifyMatch)
        return send(res, ...verify(decodeURIComponent(verifyMatch[1]!)));
      const transferAnswer = routeTransfers(req.method ?? "", url, body);
      if (transferAnswer) return send(res, ...transferAnswer);
      send(res, 404, { status: false, message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  /** Posts an event to the webhook URL as Paystack does; returns the app's HTTP status. */
  async function postEvent(payload: unknown, signature?: string | null): Promise<number> {
    if (!webhookUrl) throw new Error("The fake has no webhook URL");
    const raw = JSON.stringify(payload);
    const headers: Record<string, string> = { "content-type": "application/json" };
    const signed = signature === undefined ? paystackSignature(options.secretKey, raw) : signature;
    if (signed !== null) headers["x-paystack-signature"] = signed;
    const response = await fetch(webhookUrl, { method: "POST", headers, body: raw });
    return response.status;
  }

  function deliver(event: string, t: FakeTransaction, signature?: string | null): Promise<number> {
    return postEvent({ event, data: { ...chargeData(t), id: t.id, channel: "mobile_money" } }, signature);
  }

  /** Posts the event of the transfer's current outcome again (a redelivery, or with a given signature). */
  async function deliverTransfer(reference: string, signature?: string | null): Promise<number> {
    const t = transfers.get(reference);
    if (!t || t.status === "pending") throw new Error(`No settled fake transfer ${reference}`);
    return postEvent(transferEvent(t), signature);
  }

  /**
   * The transfer ends: Paystack sends transfer.success, transfer.failed or transfer.reversed. A pending
   * transfer can end either way; a successful one can still be reversed. Returns the app's HTTP status.
   */
  async function settleTransfer(reference: string, outcome: FakeTransferOutcome): Promise<number> {
    const t = transfers.get(reference);
    if (!t) throw new Error(`No fake transfer ${reference}`);
    const reversal = t.status === "success" && outcome === "reversed";
    if (t.status !== "pending" && !reversal)
      throw new Error(`Fake transfer ${reference} is already ${t.status}`);
    t.status = outcome;
    t.updatedAt = new Date();
    if (outcome === "success") t.transferredAt = t.updatedAt;
    return webhookUrl ? postEvent(transferEvent(t)) : 200;
  }

  /** The payer approves on their phone: the money moves and Paystack sends charge.success. */
  async function approve(reference: string, change: { amount?: number; currency?: string } = {}) {
    const t = transactions.get(reference);
    if (!t) throw new Error(`No fake transaction ${reference}`);
    Object.assign(t, change, { status: "success" });
    return webhookUrl ? deliver("charge.success", t) : 200;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    hooks,
    transactions,
    requests,
    approve,
    /** Marks a transaction as paid without telling the app (a lost webhook). */
    settleSilently(reference: string) {
      const t = transactions.get(reference);
      if (t) t.status = "success";
    },
    decline(reference: string) {
      const t = transactions.get(reference);
      if (t) t.status = "failed";
    },
    deliver,
    transfers,
    recipients,
    settleTransfer,
    deliverTransfer,
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PaystackFake = Awaited<ReturnType<typeof startPaystackFake>>;
