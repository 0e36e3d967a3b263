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

export interface PaystackFakeOptions {
  secretKey: string;
  /** Where "Paystack" posts its events (the app's /api/payments/paystack/webhook). */
  webhookUrl?: string;
  /** Approve every offline charge by itself after this long (the browser journeys). */
  autoApproveMs?: number;
  port?: number;
}

export const fakeOtp = "123456";

export async function startPaystackFake(options: PaystackFakeOptions) {
  const transactions = new Map<string, FakeTransaction>();
  const requests: { method: string; path: string; body: unknown }[] = [];
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
      requests.push({ method: req.method ?? "", path: url.pathname, body });
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
      send(res, 404, { status: false, message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  /** Posts an event to the webhook URL as Paystack does; returns the app's HTTP status. */
  async function deliver(event: string, t: FakeTransaction, signature?: string | null): Promise<number> {
    if (!webhookUrl) throw new Error("The fake has no webhook URL");
    const raw = JSON.stringify({ event, data: { ...chargeData(t), id: t.id, channel: "mobile_money" } });
    const headers: Record<string, string> = { "content-type": "application/json" };
    const signed = signature === undefined ? paystackSignature(options.secretKey, raw) : signature;
    if (signed !== null) headers["x-paystack-signature"] = signed;
    const response = await fetch(webhookUrl, { method: "POST", headers, body: raw });
    return response.status;
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
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PaystackFake = Awaited<ReturnType<typeof startPaystackFake>>;
