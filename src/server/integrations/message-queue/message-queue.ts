import { createHash } from "node:crypto";
import PgBoss from "pg-boss";
import type { Database, Executor } from "../../db/client";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { SmsSender } from "../sms/sms-sender";
import { bossDbFor, bossDbForExecutor } from "./boss-db";

/**
 * Every email and SMS the app sends goes through one durable queue: pg-boss, in its own schema of the
 * app's database. A message is enqueued in the transaction that decides it (a rolled-back decision sends
 * nothing, a committed one is sent even if the process dies right after), a worker sends it through the
 * configured adapter, and a failed send is retried with backoff (docs/product-rules.md#notifications-retries).
 * A message a person is waiting for (a code, a sign-in or reset link) is taken before every alert and
 * invite waiting with it (docs/product-rules.md#notifications-codes-first).
 */

/** The hours (Accra = UTC, all year) a text may go out, e.g. 7 to 21; outside them it waits for the next opening. */
export interface SendingHours {
  fromHour: number;
  toHour: number;
}

/**
 * Whether a person is waiting for the message right now: a counter check-in code, a sign-in,
 * verification or reset code or link, a business's sign-in code or setup link. Those are sent before
 * alerts, notices and invites, however many of those wait.
 */
interface Urgency {
  waitedFor: boolean;
}

export interface QueuedSms extends Urgency {
  /** E.164, e.g. +233241234567. */
  to: string;
  text: string;
  /** The same key is enqueued once (a retried request, two instances): e.g. `member-sms:12`. */
  key?: string;
  /** Alerts only: the hours it may be sent in (quiet hours), checked at every attempt. */
  sendingHours?: SendingHours;
}

export interface QueuedEmail extends MailMessage, Urgency {
  key?: string;
}

type Channel = "email" | "sms" | "payout";
type SmsJob = Omit<QueuedSms, "key" | "waitedFor">;
type EmailJob = Omit<QueuedEmail, "key" | "waitedFor">;
/** A cashback withdrawal to send to the member's wallet (the row holds everything; the job names it). */
interface PayoutJob {
  withdrawalId: number;
}

/** pg-boss takes the highest priority first (then the oldest): what a person waits for, then the rest. */
const priorities = { waitedFor: 10, other: 0 } as const;

const schema = "pgboss";
const channels: Channel[] = ["email", "sms", "payout"];

/**
 * Each queue's rules. A failed send is tried again after about 5 s, 10 s, 20 s… (doubling, with jitter),
 * 8 times over roughly 40 minutes, then counted as failed. A send still running after 5 minutes (its
 * instance died) is tried again.
 */
const queueRules = {
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
} satisfies Omit<PgBoss.Queue, "name">;

/**
 * A payout's send is at most three Paystack calls of 20 s: one still running after 90 s died with its
 * instance, and is sent again (under the same reference, so never paid twice) without waiting 5 minutes.
 */
const rulesOf = (channel: Channel) =>
  channel === "payout" ? { ...queueRules, expireInSeconds: 90 } : queueRules;

/**
 * pg-boss builds its statements without a connection; each `send` here names the caller's executor, so
 * this never runs anything on its own.
 */
const sender = new PgBoss({
  schema,
  db: {
    executeSql: () => Promise.reject(new Error("The message queue sends through the caller's executor")),
  },
});

/** Queues a text in the caller's transaction: it is sent once the transaction commits, and never if it rolls back. */
export async function queueSms(executor: Executor, message: QueuedSms): Promise<void> {
  const { key, waitedFor, ...job } = message;
  await enqueue(executor, "sms", job satisfies SmsJob, { key, waitedFor });
}

/** Queues an email in the caller's transaction, like queueSms. */
export async function queueEmail(executor: Executor, message: QueuedEmail): Promise<void> {
  // The reserved ".invalid" domain (RFC 2606) never receives mail: a phone-only member's placeholder.
  if (/\.invalid$/i.test(message.to.trim())) return;
  const { key, waitedFor, ...job } = message;
  await enqueue(executor, "email", job satisfies EmailJob, { key, waitedFor });
}

/**
 * Queues a cashback withdrawal's payout in the caller's transaction (docs/product-rules.md#cashback-withdrawals):
 * sent once the withdrawal commits, never if it rolls back, and tried again with backoff while the
 * provider can't be reached. `startAfter` holds it (a new device or a changed number).
 */
export async function queuePayout(
  executor: Executor,
  payout: { withdrawalId: number; startAfter?: Date | null },
): Promise<void> {
  const job: PayoutJob = { withdrawalId: payout.withdrawalId };
  await sender.send("payout", job, {
    db: bossDbForExecutor(executor),
    // A new id each time: a withdrawal approved after a review is queued again.
    ...(payout.startAfter ? { startAfter: payout.startAfter } : {}),
    priority: priorities.other,
  });
}

async function enqueue(
  executor: Executor,
  channel: Channel,
  data: object,
  { key, waitedFor }: { key: string | undefined; waitedFor: boolean },
) {
  const id = await sender.send(channel, data, {
    db: bossDbForExecutor(executor),
    id: key === undefined ? undefined : uuidOf(`${channel}:${key}`),
    priority: waitedFor ? priorities.waitedFor : priorities.other,
  });
  // Null is the same key again (already queued), or a database the queue was never installed in.
  if (id === null && key === undefined) throw new Error(`The ${channel} queue is not installed`);
}

/** A stable UUID for an idempotency key (pg-boss ignores a second job with the same id). */
function uuidOf(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type MessageOutcome = "sent" | "retrying" | "failed" | "deferred";

export interface MessageQueueDeps {
  db: Database;
  mailer: Mailer;
  sms: SmsSender;
  /** Sends one cashback withdrawal to its wallet (throws to be tried again later). */
  payouts?: { send(withdrawalId: number): Promise<void> };
  now(): Date;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Counts every attempt's outcome per channel (for /metrics). */
  counted(channel: Channel, outcome: MessageOutcome): void;
}

export interface MessageQueueOptions {
  /** Workers per channel in this instance; 0 sends nothing here (another instance does). */
  workers: number;
  /** How often a worker with nothing to send looks for new messages (a busy one takes the next at once). */
  pollingIntervalSeconds?: number;
}

export interface MessageQueue {
  /**
   * Sends everything waiting now, here, and waits for what other workers are sending (tests, instead of
   * sleeping). `allDue` first makes every waiting message due at once (retries, texts waiting for the
   * morning), as if their time had come. Returns how many it handled.
   */
  drain(options?: { allDue?: boolean }): Promise<number>;
  /** Messages not yet sent or given up per channel (waiting, to be retried or being sent). */
  waiting(): Promise<Record<Channel, number>>;
  stop(): Promise<void>;
}

type MessageJob = PgBoss.JobWithMetadata<EmailJob | SmsJob | PayoutJob>;

/** Installs (or upgrades) the queue's schema and its two queues, and starts this instance's workers. */
export async function startMessageQueue(
  deps: MessageQueueDeps,
  options: MessageQueueOptions,
): Promise<MessageQueue> {
  const bossDb = bossDbFor(deps.db);
  const boss = new PgBoss({
    schema,
    db: bossDb,
    schedule: false,
    // Bodies hold sign-in links and codes: finished jobs leave within about two hours.
    archiveCompletedAfterSeconds: 3600,
    archiveFailedAfterSeconds: 24 * 3600,
    deleteAfterSeconds: 3600,
  });
  boss.on("error", (error) => deps.log.error({ err: error }, "message queue error"));
  await boss.start();
  for (const channel of channels) {
    await boss.createQueue(channel, { name: channel, ...rulesOf(channel) });
    await boss.updateQueue(channel, { name: channel, ...rulesOf(channel) });
  }

  const deliver = (channel: Channel, job: MessageJob) => deliverOne(boss, deps, channel, job);
  const pollingMs = (options.pollingIntervalSeconds ?? 1) * 1000;
  const workers = channels.flatMap((channel) =>
    Array.from({ length: options.workers }, () => startWorker(boss, deps, channel, deliver, pollingMs)),
  );

  return {
    async drain({ allDue = false } = {}) {
      // pg-boss takes a job once `start_after < now()`, strictly, and the embedded database's clock moves
      // in whole milliseconds: a job due "now" (or made due a moment ago) may not be taken yet. So what is
      // due is moved a second into the past, and how fast the machine runs can't change what is sent.
      await bossDb.executeSql(
        `update ${schema}.job set start_after = now() - interval '1 second'
          where name in ('email', 'sms', 'payout') and state in ('created', 'retry')
            ${allDue ? "" : "and start_after <= now()"}`,
        [],
      );
      let handled = 0;
      for (;;) {
        let fetched = 0;
        for (const channel of channels) {
          const jobs = await boss.fetch<EmailJob | SmsJob | PayoutJob>(channel, {
            batchSize: 20,
            includeMetadata: true,
          });
          fetched += jobs.length;
          // A batch comes back in no particular order; sent as the workers take them (what a person waits
          // for first, then in the order they were queued), a test reads the newest last.
          jobs.sort((a, b) => b.priority - a.priority || a.createdOn.getTime() - b.createdOn.getTime());
          for (const job of jobs) await sendAndSettle(boss, channel, job, deliver);
        }
        handled += fetched;
        if (fetched > 0) continue;
        const { rows } = await bossDb.executeSql(
          `select count(*)::int as n from ${schema}.job where name in ('email', 'sms', 'payout') and state = 'active'`,
          [],
        );
        if (Number(rows[0]?.n ?? 0) === 0) return handled;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async waiting() {
      const sizes = await Promise.all(channels.map((c) => boss.getQueueSize(c, { before: "completed" })));
      return { email: Number(sizes[0]), sms: Number(sizes[1]), payout: Number(sizes[2]) };
    },
    async stop() {
      // Sends under way finish (or are handed back to the queue) before the database closes.
      await Promise.all(workers.map((worker) => worker.stop()));
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 15_000 });
    },
  };
}

/**
 * One worker: it takes the next message (what a person waits for first, then the oldest) as soon as it has
 * sent the last, and waits the polling interval only when nothing is due. pg-boss's own `work` waits the
 * interval after every fetch, so each worker sent at most one message a second whatever the provider's
 * speed: 2 workers, 2 texts a second, and a code behind 2,000 alerts waited 17 minutes (bench/README.md,
 * "Codes behind a backlog").
 */
function startWorker(
  boss: PgBoss,
  deps: MessageQueueDeps,
  channel: Channel,
  deliver: (channel: Channel, job: MessageJob) => Promise<void>,
  pollingMs: number,
) {
  let stopping = false;
  let wake: (() => void) | undefined;
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollingMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const running = (async () => {
    while (!stopping) {
      let job: MessageJob | undefined;
      try {
        [job] = await boss.fetch<EmailJob | SmsJob | PayoutJob>(channel, {
          batchSize: 1,
          includeMetadata: true,
        });
      } catch (error) {
        // The database is away: the worker tries again after the interval.
        deps.log.error({ err: error, channel }, "message queue could not fetch");
      }
      if (job) await sendAndSettle(boss, channel, job, deliver, deps.log);
      else await idle();
    }
  })();
  return {
    async stop() {
      stopping = true;
      wake?.();
      await running;
    },
  };
}

/** Sends one message and records the outcome: done, or failed (pg-boss retries it with backoff). */
async function sendAndSettle(
  boss: PgBoss,
  channel: Channel,
  job: MessageJob,
  deliver: (channel: Channel, job: MessageJob) => Promise<void>,
  log?: MessageQueueDeps["log"],
) {
  try {
    try {
      await deliver(channel, job);
    } catch (error) {
      await boss.fail(channel, job.id, { message: (error as Error).message });
      return;
    }
    await boss.complete(channel, job.id);
  } catch (error) {
    // The outcome couldn't be saved (the database is away): the job expires after 5 minutes and is sent again.
    if (!log) throw error;
    log.error({ err: error, channel, to: recipientOf(job) }, "message queue could not record a send");
  }
}

async function deliverOne(boss: PgBoss, deps: MessageQueueDeps, channel: Channel, job: MessageJob) {
  if (channel === "sms") {
    const sms = job.data as SmsJob;
    const opening = sms.sendingHours && nextOpening(sms.sendingHours, deps.now());
    if (opening) {
      await deferUntil(boss, deps, job, opening);
      deps.counted(channel, "deferred");
      return;
    }
  }
  try {
    if (channel === "payout") {
      if (!deps.payouts) throw new Error("this instance can't send payouts");
      await deps.payouts.send((job.data as PayoutJob).withdrawalId);
    } else if (channel === "sms") {
      const sms = job.data as SmsJob;
      await deps.sms.send(sms.to, sms.text);
    } else {
      await deps.mailer.send(job.data as EmailJob);
    }
  } catch (error) {
    const lastTry = job.retryCount >= job.retryLimit;
    deps.counted(channel, lastTry ? "failed" : "retrying");
    // The recipient is logged, never the body (it may hold a code or a sign-in link).
    deps.log.error(
      { err: error, channel, to: recipientOf(job), attempt: job.retryCount + 1, lastTry },
      lastTry ? "message could not be sent; giving up" : "message could not be sent; it will be retried",
    );
    throw error;
  }
  deps.counted(channel, "sent");
}

/** Whom a job is for, for the log: the address or number, or the withdrawal. */
function recipientOf(job: MessageJob): string {
  return "to" in job.data ? job.data.to : `withdrawal ${job.data.withdrawalId}`;
}

/** Null while the hours are open, otherwise when they next open. */
function nextOpening(hours: SendingHours, now: Date): Date | null {
  const hour = now.getUTCHours();
  if (hour >= hours.fromHour && hour < hours.toHour) return null;
  const opening = new Date(now);
  opening.setUTCHours(hours.fromHour, 0, 0, 0);
  if (opening <= now) opening.setUTCDate(opening.getUTCDate() + 1);
  return opening;
}

/** The text waits for the morning: the same message is queued again for then, in one transaction with this job's end. */
async function deferUntil(boss: PgBoss, deps: MessageQueueDeps, job: MessageJob, opening: Date) {
  await deps.db.transaction(async (tx) => {
    const db = bossDbForExecutor(tx);
    // In seconds from the database's clock, which decides when a job is due.
    const waitSeconds = Math.ceil((opening.getTime() - deps.now().getTime()) / 1000);
    await boss.send(job.name, job.data, { db, startAfter: waitSeconds, priority: job.priority });
    await boss.complete(job.name, job.id, { db });
  });
}
