import type { FastifyBaseLogger } from "fastify";

/** Email and SMS failures are logged, never shown: the action stands, and the person can ask for a resend. */
export async function deliverQuietly(
  deps: { log: FastifyBaseLogger },
  what: string,
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    deps.log.error({ err: error }, `could not send ${what}`);
  }
}
