import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type PaystackFake, startPaystackFake } from "../../test/paystack-fake";
import {
  createPaystackClient,
  isValidPaystackSignature,
  type PaystackClient,
  PaystackError,
  paystackMobileMoneyBankCode,
  type TransferStatus,
} from "./paystack";

const secretKey = "sk_test_anigye_transfers";

interface ReceivedWebhook {
  raw: Buffer;
  signature: unknown;
  payload: { event: string; data: Record<string, unknown> };
}

/** The app's webhook route, as far as Paystack can tell: it keeps what arrives and answers 200. */
async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      received.push({
        raw,
        signature: req.headers["x-paystack-signature"],
        payload: JSON.parse(raw.toString("utf8")) as ReceivedWebhook["payload"],
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/payments/paystack/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let fake: PaystackFake;
let paystack: PaystackClient;
let references = 0;

/** A fresh reference in Paystack's format (16 to 50 of a-z, 0-9, "-", "_"). */
function newReference() {
  references++;
  return `payout_test_${String(references).padStart(6, "0")}`;
}

function walletOf(accountNumber: string) {
  return paystack.createTransferRecipient({
    name: "Ama Mensah",
    accountNumber,
    bankCode: paystackMobileMoneyBankCode.mtn,
  });
}

async function pendingTransfer(accountNumber = "0241234567", amountPesewas = 2500) {
  const { recipientCode } = await walletOf(accountNumber);
  const reference = newReference();
  const initiated = await paystack.initiateTransfer({
    amountPesewas,
    recipientCode,
    reference,
    reason: "Anigye cashback",
  });
  return { recipientCode, reference, initiated };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

beforeEach(async () => {
  fake = await startPaystackFake({ secretKey, webhookUrl: receiver.url });
  paystack = createPaystackClient({ secretKey, baseUrl: fake.url });
  receiver.received.length = 0;
});
afterEach(() => fake.close());

describe("telcos and recipients", () => {
  it("lists the GHS mobile-money telcos, whose codes our networks map to", async () => {
    const providers = await paystack.listMobileMoneyProviders();

    expect(providers.map((p) => p.code).sort()).toEqual(["ATL", "MTN", "VOD"]);
    for (const code of Object.values(paystackMobileMoneyBankCode)) {
      expect(providers.find((p) => p.code === code)?.active).toBe(true);
    }
    expect(fake.requests.at(-1)).toMatchObject({ path: "/bank", query: "?currency=GHS&type=mobile_money" });
  });

  it("creates a GHS mobile_money recipient; Paystack gives no wallet name back", async () => {
    const recipient = await paystack.createTransferRecipient({
      name: "Ama Mensah",
      accountNumber: "0551234987",
      bankCode: paystackMobileMoneyBankCode.telecel,
    });

    expect(recipient.recipientCode).toMatch(/^RCP_/);
    expect(recipient.accountName).toBeNull();
    expect(fake.requests.at(-1)?.body).toEqual({
      type: "mobile_money",
      name: "Ama Mensah",
      account_number: "0551234987",
      bank_code: "VOD",
      currency: "GHS",
    });
  });

  it("answers the same recipient for the same wallet", async () => {
    const first = await walletOf("0551112222");
    const again = await walletOf("0551112222");

    expect(again.recipientCode).toBe(first.recipientCode);
    expect(fake.recipients.size).toBe(1);
  });

  it("throws when Paystack refuses the recipient", async () => {
    await expect(
      paystack.createTransferRecipient({ name: "Ama", accountNumber: "0551234987", bankCode: "NOPE" }),
    ).rejects.toBeInstanceOf(PaystackError);
  });

  it("throws when the secret key is wrong", async () => {
    const stranger = createPaystackClient({ secretKey: "sk_test_wrong", baseUrl: fake.url });
    await expect(stranger.listMobileMoneyProviders()).rejects.toBeInstanceOf(PaystackError);
  });
});

describe("initiating a transfer", () => {
  it("queues the transfer as pending, from the balance, in GHS", async () => {
    const { recipientCode, reference, initiated } = await pendingTransfer("0241234567", 2500);

    expect(initiated).toMatchObject({ status: "pending", reference, message: "Transfer has been queued" });
    expect(initiated.transferCode).toMatch(/^TRF_/);
    expect(fake.requests.at(-1)?.body).toEqual({
      source: "balance",
      amount: 2500,
      recipient: recipientCode,
      reference,
      reason: "Anigye cashback",
      currency: "GHS",
    });
  });

  it("never makes a second transfer for a reference already used", async () => {
    const { recipientCode, reference, initiated } = await pendingTransfer();

    const retry = await paystack.initiateTransfer({
      amountPesewas: 2500,
      recipientCode,
      reference,
      reason: "Anigye cashback",
    });

    expect(retry).toMatchObject({ status: "duplicate", reference, transferCode: initiated.transferCode });
    expect(fake.transfers.size).toBe(1);
    expect(fake.requests.filter((r) => r.method === "POST" && r.path === "/transfer")).toHaveLength(2);
  });

  it("reports a refused request, which made no transfer, as refused", async () => {
    const { recipientCode } = await walletOf("0241234567");

    const unknownRecipient = await paystack.initiateTransfer({
      amountPesewas: 2500,
      recipientCode: "RCP_unknown",
      reference: newReference(),
      reason: "Anigye cashback",
    });
    const badReference = await paystack.initiateTransfer({
      amountPesewas: 2500,
      recipientCode,
      reference: "Not-Lowercase-Ref!",
      reason: "Anigye cashback",
    });

    expect(unknownRecipient).toMatchObject({ status: "refused", transferCode: null });
    expect(badReference).toMatchObject({ status: "refused", transferCode: null });
    expect(fake.transfers.size).toBe(0);
  });

  it("throws when Paystack fails with a server error and has no transfer: the outcome is unknown", async () => {
    const { recipientCode } = await walletOf("0241234567");
    const failingTransfers: typeof fetch = (input, init) =>
      String(input).endsWith("/transfer") && init?.method === "POST"
        ? Promise.resolve(Response.json({ status: false, message: "Server error" }, { status: 500 }))
        : fetch(input, init);
    const flaky = createPaystackClient({ secretKey, baseUrl: fake.url }, failingTransfers);

    await expect(
      flaky.initiateTransfer({ amountPesewas: 2500, recipientCode, reference: newReference(), reason: "x" }),
    ).rejects.toBeInstanceOf(PaystackError);
  });
});

describe("verifying and listing transfers", () => {
  it("verifies a transfer by its reference", async () => {
    const { reference, initiated } = await pendingTransfer("0241234567", 4200);

    const verified = await paystack.verifyTransfer(reference);

    expect(verified).toMatchObject({
      status: "pending",
      reference,
      amount: 4200,
      currency: "GHS",
      transferCode: initiated.transferCode,
    });
    expect(typeof verified?.id).toBe("number");
  });

  it("answers undefined for a reference Paystack has no transfer for", async () => {
    expect(await paystack.verifyTransfer("payout_never_sent_0001")).toBeUndefined();
  });

  it("pages the list newest first, with Paystack's meta", async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await pendingTransfer(`024123450${i}`)).reference);
    made.forEach((reference, i) => {
      fake.transfers.get(reference)!.createdAt = new Date(Date.UTC(2026, 10, 1 + i));
    });

    const first = await paystack.listTransfers({ page: 1, perPage: 2 });
    const last = await paystack.listTransfers({ page: 3, perPage: 2 });

    expect(first.meta).toEqual({ total: 5, page: 1, pageCount: 3, perPage: 2 });
    expect(first.transfers.map((t) => t.reference)).toEqual([made[4], made[3]]);
    expect(last.meta).toEqual({ total: 5, page: 3, pageCount: 3, perPage: 2 });
    expect(last.transfers.map((t) => t.reference)).toEqual([made[0]]);
    expect(fake.requests.at(-1)?.query).toBe("?perPage=2&page=3");
  });

  it("lists only the transfers made between from and to", async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await pendingTransfer(`020765430${i}`)).reference);
    made.forEach((reference, i) => {
      fake.transfers.get(reference)!.createdAt = new Date(Date.UTC(2026, 10, 10 + i, 12));
    });

    const page = await paystack.listTransfers({
      from: new Date(Date.UTC(2026, 10, 11)),
      to: new Date(Date.UTC(2026, 10, 12, 23, 59)),
    });

    expect(page.transfers.map((t) => t.reference)).toEqual([made[2], made[1]]);
    expect(page.meta.total).toBe(2);
    expect(page.transfers[0]).toMatchObject({ status: "pending", currency: "GHS", amount: 2500 });
  });
});

describe("settling transfers", () => {
  it("posts transfer.success signed with the secret key, as documented", async () => {
    const { reference, initiated } = await pendingTransfer("0241234567", 2500);

    expect(await fake.settleTransfer(reference, "success")).toBe(200);

    const [webhook] = receiver.received;
    expect(isValidPaystackSignature(secretKey, webhook!.raw, webhook!.signature)).toBe(true);
    expect(webhook!.payload).toMatchObject({
      event: "transfer.success",
      data: {
        amount: 2500,
        currency: "GHS",
        reference,
        status: "success",
        transfer_code: initiated.transferCode,
        reason: "Anigye cashback",
        source: "balance",
        recipient: { type: "mobile_money", details: { account_number: "0241234567", bank_code: "MTN" } },
      },
    });
    expect(webhook!.payload.data).toHaveProperty("createdAt");
    expect((await paystack.verifyTransfer(reference))?.status).toBe<TransferStatus>("success");
  });

  it("posts transfer.failed and transfer.reversed in their documented shape", async () => {
    const failed = await pendingTransfer("0241234567");
    const reversed = await pendingTransfer("0241234568");

    await fake.settleTransfer(failed.reference, "failed");
    await fake.settleTransfer(reversed.reference, "success");
    await fake.settleTransfer(reversed.reference, "reversed");

    const events = receiver.received.map((w) => w.payload);
    expect(events.map((e) => `${e.event}:${e.data.status}`)).toEqual([
      "transfer.failed:failed",
      "transfer.success:success",
      "transfer.reversed:reversed",
    ]);
    expect(events[0]!.data).toHaveProperty("created_at");
    expect(receiver.received.every((w) => isValidPaystackSignature(secretKey, w.raw, w.signature))).toBe(
      true,
    );
    expect((await paystack.verifyTransfer(reversed.reference))?.status).toBe("reversed");
  });

  it("redelivers a settled transfer's event, with the signature a test gives", async () => {
    const { reference } = await pendingTransfer();
    await fake.settleTransfer(reference, "success");

    await fake.deliverTransfer(reference);
    await fake.deliverTransfer(reference, null);

    const [first, again, unsigned] = receiver.received;
    expect(again!.raw.equals(first!.raw)).toBe(true);
    expect(unsigned!.signature).toBeUndefined();
    await expect(fake.deliverTransfer("payout_never_sent_0001")).rejects.toThrow();
  });

  it("refuses to settle a transfer that has already ended", async () => {
    const { reference } = await pendingTransfer();
    await fake.settleTransfer(reference, "failed");

    await expect(fake.settleTransfer(reference, "success")).rejects.toThrow(/already failed/);
  });

  it("fails a transfer to a number ending in 000 by itself", async () => {
    const { reference, initiated } = await pendingTransfer("0240000000");

    expect(initiated.status).toBe("pending");
    await vi.waitFor(() =>
      expect(receiver.received.map((w) => w.payload.event)).toEqual(["transfer.failed"]),
    );
    expect((await paystack.verifyTransfer(reference))?.status).toBe("failed");
  });

  it("settles every transfer as a success by itself with autoSettleTransfersMs", async () => {
    await fake.close();
    fake = await startPaystackFake({ secretKey, webhookUrl: receiver.url, autoSettleTransfersMs: 20 });
    paystack = createPaystackClient({ secretKey, baseUrl: fake.url });

    const { reference } = await pendingTransfer();

    await vi.waitFor(() =>
      expect(receiver.received.map((w) => w.payload.event)).toEqual(["transfer.success"]),
    );
    expect((await paystack.verifyTransfer(reference))?.status).toBe("success");
  });
});
