import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../integrations/mail/mailer";
import type { SmsSender } from "../../integrations/sms/sms-sender";
import type { MediaStorage } from "../../integrations/storage/storage";

/** What the services need from the outside world (database, clock, transports); tests pass their own. */
export interface AuthDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  sms: SmsSender;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  now(): Date;
}

/** Email and SMS failures are logged, never shown (spec section 8); the user can ask for a resend. */
export async function deliverQuietly(deps: AuthDeps, what: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    deps.log.error({ err: error }, `could not send ${what}`);
  }
}
