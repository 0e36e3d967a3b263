import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import type { Mailer } from "./integrations/mail/mailer";
import type { PaystackClient } from "./integrations/payments/paystack";
import type { SmsSender } from "./integrations/sms/sms-sender";
import type { MediaStorage } from "./integrations/storage/storage";
import type { AppMetrics } from "./plugins/metrics";

/**
 * What services need from the outside world (database, clock, transports, storage). `buildApp` makes one
 * for the whole app; tests pass their own clock and transports. It belongs to no domain, so no module
 * depends on another just to reach the database.
 */
export interface AppDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  sms: SmsSender;
  storage: MediaStorage;
  /** Present when PAYSTACK_SECRET_KEY is set: the provider path of payments. */
  paystack?: PaystackClient;
  log: FastifyBaseLogger;
  /** Counters other parts of the app move (scheduled job outcomes). */
  metrics: AppMetrics;
  now(): Date;
  /**
   * Something Discover shows changed (an ad, a business's status or plan): this instance's shared
   * candidate lists are read again at once; other instances' within seconds.
   */
  discoveryChanged(): void;
  /**
   * A member has just verified this phone number (its transaction committed): what the counter held for
   * the number lands on their account. Auth calls it; the counter provides it (auth can't import the counter).
   */
  phoneVerified(userId: number, phoneNumber: string): Promise<void>;
}
