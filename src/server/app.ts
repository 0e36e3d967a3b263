import { AsyncLocalStorage } from "node:async_hooks";
import { hash, randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyEtag from "@fastify/etag";
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { formattingDataScript, startAfterFirstPaintScript } from "../shared/prerendered-pages";
import type { AppDeps } from "./app-deps";
import type { AppConfig } from "./config";
import type { Database, PoolStats } from "./db/client";
import type { MemberChanges } from "./db/member-changes";
import { createMailer, type Mailer } from "./integrations/mail/mailer";
import { type MessageQueue, startMessageQueue } from "./integrations/message-queue/message-queue";
import { createPaystackClient } from "./integrations/payments/paystack";
import { createSmsSender, type SmsSender } from "./integrations/sms/sms-sender";
import { createMediaStorage } from "./integrations/storage/create-media-storage";
import { jobsRoutes } from "./jobs/jobs.routes";
import type { RenderQueueLimits } from "./lib/member-home";
import { projectRoot } from "./lib/project-root";
import { adminMembersRoutes, adminRoutes, antiCheatRoutes } from "./modules/admin";
import {
  adBranchListeners,
  adsRoutes,
  createDiscoveryFeed,
  createImpressionCounter,
  type ImpressionCounter,
} from "./modules/ads";
import { analyticsRoutes } from "./modules/analytics";
import {
  authRoutes,
  googleRoutes,
  guardDeclaredAccess,
  oauthConfigRoutes,
  profileRoutes,
} from "./modules/auth";
import { comingSoonRoutes, signupsAdminRoutes } from "./modules/coming-soon";
import {
  adminCompaniesRoutes,
  companyBranchesRoutes,
  companyDashboardRoutes,
  companySignInRoutes,
} from "./modules/companies";
import { counterRoutes, landHeldRewards, phoneInviteRoutes } from "./modules/counter";
import { devOutboxRoutes } from "./modules/dev-outbox";
import { drawsRoutes } from "./modules/draws";
import { countSignalsSince } from "./modules/fraud";
import { healthRoutes } from "./modules/health";
import { loyaltyRoutes } from "./modules/loyalty";
import { mediaRoutes } from "./modules/media";
import { momentsRoutes } from "./modules/moments";
import { moneyRoutes, sendWithdrawal } from "./modules/money";
import { notificationsRoutes } from "./modules/notifications";
import { paymentsRoutes } from "./modules/payments";
import { publicRoutes } from "./modules/public";
import { purchasesRoutes } from "./modules/purchases";
import { redemptionsRoutes } from "./modules/redemptions";
import { referralsRoutes } from "./modules/referrals";
import { rewardsRoutes, shareProofsRoutes } from "./modules/rewards";
import { countUssdSessionsSince, ussdRoutes, ussdSimulatorRoutes } from "./modules/ussd";
import { watchRoutes } from "./modules/watch";
import { registerErrorHandling } from "./plugins/errors";
import { registerLoadShedding } from "./plugins/load-shedding";
import { createMetrics, registerMetrics } from "./plugins/metrics";
import { registerOpenApi } from "./plugins/openapi";
import { registerCsrfGuard } from "./plugins/request-guard";
import { requireDeclaredAccess } from "./plugins/route-access";
import { securityHeaders } from "./plugins/security-headers";
import { registerSessions } from "./plugins/sessions";
import { registerMediaFiles, registerWebApp } from "./plugins/web-app";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    impressions: ImpressionCounter;
    /** The services' dependencies, for the scheduler that main.ts starts beside the app. */
    deps: AppDeps;
    /** The queue every email and SMS goes through (tests drain it instead of waiting). */
    messages: MessageQueue;
  }
}

export interface AppDependencies {
  config: AppConfig;
  db: Database;
  /** Where the built web app lives; absent in API tests. */
  webDistDir?: string;
  /** Replace the configured mail or SMS transport (tests). */
  mailer?: Mailer;
  sms?: SmsSender;
  /** The clock every rule reads (tests move it). */
  now?: () => Date;
  /** The PostgreSQL pool's figures, for /metrics and load shedding (absent on the embedded database). */
  poolStats?: () => PoolStats;
  /** Which members changed (the database's notifications); without it nothing about members is kept. */
  memberChanges?: MemberChanges;
  /** No message queue (a script that only reads the routes, on no database). */
  withoutMessageQueue?: true;
  /** How many members' homes render at once and wait their turn (tests make the line short). */
  memberHomeQueue?: RenderQueueLimits;
}

export const defaultWebDistDir = path.join(projectRoot, "dist");

/** Builds the whole HTTP application without listening, so tests drive it with `app.inject()`. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, db, webDistDir } = dependencies;
  // Every log line written while a request is handled carries its id, services' lines included.
  const requestContext = new AsyncLocalStorage<{ reqId: string }>();
  const app = Fastify({
    genReqId: (request) => validRequestId(request.headers["x-request-id"]) ?? randomUUID(),
    logger: {
      level: config.logLevel,
      mixin: (_object, _level, logger) => {
        const reqId = requestContext.getStore()?.reqId;
        return reqId && !("reqId" in (logger as { bindings(): object }).bindings()) ? { reqId } : {};
      },
      // Links carry one-time tokens in their query string; logs keep only the path.
      serializers: {
        req: (request) => ({
          method: request.method,
          url: request.url.split("?")[0],
          remoteAddress: request.ip,
        }),
      },
    },
    // Trust exactly N proxies (hop index below N), as proxy-addr does for a number.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", db);
  app.decorate("config", config);

  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    requestContext.run({ reqId: request.id }, done);
  });
  registerErrorHandling(app);
  const metrics = createMetrics();
  let messages: MessageQueue | undefined;
  requireDeclaredAccess(app);
  registerMetrics(app, {
    metrics,
    messagesWaiting: () => messages?.waiting(),
    poolStats: dependencies.poolStats,
    token: config.metricsToken,
    fraudSignalsSince: (since) => countSignalsSince(db, since),
    ussdSessionsSince: (since) => countUssdSessionsSince(db, since),
  });
  registerLoadShedding(app, {
    poolStats: dependencies.poolStats,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
  });
  const { "strict-transport-security": strictTransportSecurity, ...everyReplyHeaders } = securityHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config.secureCookies, mediaOrigin(config)),
  });
  // Before compression, so the tag is computed on the JSON itself: a poll that finds nothing new (Discover
  // every 30 s) is answered 304 with no body, which saves members' data.
  await app.register(fastifyEtag, { weak: true, replyWith304: false, hashFn: sha1Base64 });
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.headers(isApiAnswer(request.url) ? apiAnswerHeaders : everyReplyHeaders);
    if (strictTransportSecurity && cameOverHttps(request, config)) {
      reply.header("strict-transport-security", strictTransportSecurity);
    }
    answerUnchangedReads(request, reply, payload, done);
  });
  // Nobody sends compressed request bodies here; only answers are compressed.
  await app.register(fastifyCompress, { threshold: 1024, globalDecompression: false });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  registerCsrfGuard(app, { trustedOrigins: trustedOrigins(config) });
  registerSessions(app, {
    db,
    secureCookies: config.secureCookies,
    memberChanges: dependencies.memberChanges,
  });
  guardDeclaredAccess(app);

  const discoveryFeed = createDiscoveryFeed(db, dependencies.memberChanges);
  const deps: AppDeps = {
    db,
    config,
    log: app.log,
    metrics,
    now: dependencies.now ?? (() => new Date()),
    mailer:
      dependencies.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, db, log: app.log }),
    sms: dependencies.sms ?? createSmsSender(config.sms, { db, log: app.log }),
    storage: createMediaStorage(config),
    paystack: config.payments.paystack ? createPaystackClient(config.payments.paystack) : undefined,
    discoveryChanged: () => discoveryFeed.invalidate(),
    phoneVerified: async (userId, phoneNumber) => {
      await landHeldRewards(deps, userId, phoneNumber);
    },
  };
  app.decorate("deps", deps);
  if (!dependencies.withoutMessageQueue) {
    const queueDeps = {
      ...deps,
      payouts: { send: (withdrawalId: number) => sendWithdrawal(deps, withdrawalId) },
      counted: (channel: "email" | "sms" | "payout", outcome: string) =>
        metrics.messages.inc({ channel, outcome }),
    };
    const queueOptions = { workers: config.messageWorkers };
    // While the database can't be reached the app still starts (answering 503) and the queue keeps trying.
    let retry: NodeJS.Timeout | undefined;
    let closing = false;
    const startQueue = async () => {
      try {
        messages = await startMessageQueue(queueDeps, queueOptions);
        if (closing) await messages.stop();
      } catch (error) {
        app.log.error({ err: error }, "the message queue could not start; trying again in 5 s");
        if (!closing) retry = setTimeout(startQueue, 5_000);
      }
    };
    await startQueue();
    app.decorate("messages", {
      drain: (options) => messages?.drain(options) ?? Promise.resolve(0),
      waiting: () => messages?.waiting() ?? Promise.resolve({ email: 0, sms: 0, payout: 0 }),
      stop: async () => {
        closing = true;
        clearTimeout(retry);
        await messages?.stop();
      },
    } satisfies MessageQueue);
    // After the requests in flight: what they queued is in the database, and a send under way finishes.
    app.addHook("onClose", () => app.messages.stop());
  }
  const impressions = createImpressionCounter(db, deps.now);
  app.decorate("impressions", impressions);
  const flushEveryMs = 10_000;
  const flushTimer = setInterval(() => {
    impressions.flush().catch((error) => app.log.error({ err: error }, "could not save impressions"));
  }, flushEveryMs);
  flushTimer.unref();
  app.addHook("onClose", async () => {
    clearInterval(flushTimer);
    await impressions.flush().catch((error) => app.log.error({ err: error }, "could not save impressions"));
  });

  await registerOpenApi(app, { appUrl: config.appUrl });

  // Every module, in one visible list, with the tag it has in the API reference.
  await app.register(tagged("health", healthRoutes));
  await app.register(tagged("public", publicRoutes));
  await app.register(tagged("coming-soon", comingSoonRoutes));
  await app.register(tagged("admin", signupsAdminRoutes(deps)));
  await app.register(tagged("auth", authRoutes(deps)));
  await app.register(tagged("profile", profileRoutes(deps)));
  await app.register(tagged("auth", googleRoutes(deps)));
  await app.register(tagged("companies", adminCompaniesRoutes(deps)));
  await app.register(tagged("companies", companySignInRoutes(deps)));
  await app.register(tagged("companies", companyDashboardRoutes(deps)));
  await app.register(tagged("companies", companyBranchesRoutes(deps, adBranchListeners)));
  await app.register(tagged("media", mediaRoutes(deps)));
  await app.register(tagged("ads", adsRoutes(deps, impressions, discoveryFeed)));
  await app.register(tagged("watch", watchRoutes(deps)));
  await app.register(tagged("rewards", rewardsRoutes(deps)));
  await app.register(tagged("redemptions", redemptionsRoutes(deps)));
  await app.register(tagged("loyalty", loyaltyRoutes(deps)));
  await app.register(tagged("counter", counterRoutes(deps)));
  await app.register(tagged("counter", phoneInviteRoutes(deps)));
  await app.register(tagged("moments", momentsRoutes(deps)));
  await app.register(tagged("analytics", analyticsRoutes(deps)));
  await app.register(tagged("payments", paymentsRoutes(deps)));
  await app.register(tagged("payments", moneyRoutes(deps)));
  await app.register(tagged("draws", drawsRoutes(deps)));
  await app.register(tagged("share-proofs", shareProofsRoutes(deps)));
  await app.register(tagged("purchases", purchasesRoutes(deps)));
  await app.register(tagged("referrals", referralsRoutes(deps)));
  await app.register(tagged("notifications", notificationsRoutes(deps)));
  // The simulator's requests to the Hubtel route carry this instance's own secret, which never leaves it.
  const simulatorToken = randomBytes(32).toString("hex");
  await app.register(tagged("ussd", ussdRoutes(deps, { simulatorToken })));
  await app.register(
    tagged("ussd", ussdSimulatorRoutes(deps, { simulatorToken, openToAll: config.ussdSimulatorForAll })),
  );
  await app.register(tagged("admin", adminRoutes(deps)));
  await app.register(tagged("admin", adminMembersRoutes(deps)));
  await app.register(tagged("anti-cheat", antiCheatRoutes(deps)));
  await app.register(tagged("admin", jobsRoutes(deps)));
  await app.register(tagged("admin", oauthConfigRoutes(deps)));
  // The development outbox shows mail and SMS that were not really sent: a laptop's, never production's.
  if (config.devOutbox) await app.register(tagged("development", devOutboxRoutes));

  await registerMediaFiles(app, { storage: deps.storage });
  await registerWebApp(app, {
    distDir: webDistDir,
    memberHome: config.renderMemberHomeOnServer
      ? {
          feed: discoveryFeed,
          now: deps.now,
          fallbacks: metrics.memberHomeFallbacks,
          queue: dependencies.memberHomeQueue,
        }
      : undefined,
  });
  return app;
}

/**
 * Whether the browser reached us over HTTPS, where Strict-Transport-Security belongs (never over plain
 * HTTP: the HSTS standard has browsers ignore it there). Behind TRUST_PROXY the proxy's X-Forwarded-Proto
 * says so per request (Fastify reads it only from a trusted proxy); with no proxy trusted, an https://
 * APP_URL means a TLS front end the app can't see, and an http:// one means plain HTTP.
 */
function cameOverHttps(request: FastifyRequest, config: AppConfig): boolean {
  if (request.protocol === "https") return true;
  return config.trustProxy === 0 && config.secureCookies;
}

/** One-shot hashing (no Hash object per reply) for the ETag of every answer. */
function sha1Base64(payload: string | Buffer): string {
  return hash("sha1", payload, "base64");
}

/** A caller's X-Request-ID is kept (a proxy's, to follow one request across services) when it is sane. */
function validRequestId(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.:-]{1,100}$/.test(value) ? value : undefined;
}

/** Gives every route a module registers that module's tag in the API reference. */
function tagged(tag: string, routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, tags: route.schema?.tags ?? [tag] };
    });
    await scope.register(routes);
  };
}

/**
 * The API's answers (JSON, CSV, text) are never rendered as pages: they carry the headers OWASP's REST
 * guidance names instead of the page's set (a policy that allows nothing, no framing, no sniffing, not
 * readable by other sites), about 700 bytes fewer on every call a member's phone makes. The API
 * reference under /api/docs is a page and keeps the page's set.
 */
const apiAnswerHeaders: Record<string, string> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

function isApiAnswer(url: string): boolean {
  return url.startsWith("/api/") && !url.startsWith("/api/docs");
}

/**
 * A successful GET or HEAD whose ETag the browser already holds is answered 304 with no body. Writes and
 * errors always get their full answer. API answers that set no caching rule are not stored at all, so
 * one member's data never sits in a shared cache.
 */
function answerUnchangedReads(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload?: unknown) => void,
) {
  if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control"))
    reply.header("cache-control", "no-store");
  // A 304 never has a body, whoever chose it (Discover answers its polls itself).
  if (reply.statusCode === 304) {
    done(null, "");
    return;
  }
  const etag = reply.getHeader("etag");
  const isRead = request.method === "GET" || request.method === "HEAD";
  const sent = request.headers["if-none-match"];
  const matches = typeof etag === "string" && sent !== undefined && (sent === etag || `W/${sent}` === etag);
  if (isRead && reply.statusCode === 200 && matches) {
    reply.code(304);
    done(null, "");
    return;
  }
  done(null, payload);
}

function trustedOrigins(config: AppConfig): string[] {
  // In development the Vite dev server (another port) proxies API calls here.
  return config.isProduction ? [config.appUrl] : [config.appUrl, "http://localhost:5173"];
}

/** The CDN or public bucket (MEDIA_PUBLIC_URL) that serves media, which pages may then load from. */
function mediaOrigin(config: AppConfig): string | undefined {
  return config.storage.publicUrl ? new URL(config.storage.publicUrl).origin : undefined;
}

/** The app's inline scripts: a pre-rendered page's start after its first paint, a route shell's formatting data. */
const inlineScriptHashes = [startAfterFirstPaintScript, formattingDataScript].map(
  (script) => `'sha256-${hash("sha256", script, "base64")}'`,
);

function contentSecurityPolicy(isHttps: boolean, mediaOrigin: string | undefined) {
  const media = mediaOrigin ? [mediaOrigin] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The counter's QR reader (zxing) is WebAssembly; 'wasm-unsafe-eval' allows compiling it, not eval.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...media],
      mediaSrc: ["'self'", "blob:", ...media],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}
