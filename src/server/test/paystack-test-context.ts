import type { AddressInfo } from "node:net";
import { startPaystackFake } from "./paystack-fake";
import { createTestContext } from "./test-app";

/**
 * The tests' app with Paystack configured against a fake of its own, listening on a real port so the
 * fake's signed webhooks reach the app's webhook route. Close both with `close()`.
 */
export async function paystackTestContext(options: { secretKey: string; now: () => Date }) {
  const fake = await startPaystackFake({ secretKey: options.secretKey });
  const ctx = await createTestContext({
    env: { PAYSTACK_SECRET_KEY: options.secretKey, PAYSTACK_BASE_URL: fake.url },
    overrides: { now: options.now },
  });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = ctx.app.server.address() as AddressInfo;
  fake.setWebhookUrl(`http://127.0.0.1:${port}/api/payments/paystack/webhook`);
  return {
    ctx,
    fake,
    async close() {
      await ctx.close();
      await fake.close();
    },
  };
}
