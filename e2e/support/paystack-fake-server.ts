import { startPaystackFake } from "../../src/server/test/paystack-fake";

/**
 * The journeys' Paystack: the local fake of its mobile-money API, posting signed webhooks to the app.
 * A charge is "approved on the phone" by itself after a moment, and a transfer (a cashback payout) is
 * paid by itself after a moment too.
 */
const fake = await startPaystackFake({
  secretKey: process.env.PAYSTACK_FAKE_SECRET ?? "sk_test_e2e",
  webhookUrl: process.env.PAYSTACK_FAKE_WEBHOOK_URL,
  autoApproveMs: Number(process.env.PAYSTACK_FAKE_APPROVE_MS ?? 1500),
  autoSettleTransfersMs: Number(process.env.PAYSTACK_FAKE_SETTLE_MS ?? 1500),
  port: Number(process.env.PAYSTACK_FAKE_PORT ?? 5198),
});
console.log(`fake Paystack at ${fake.url}`);
