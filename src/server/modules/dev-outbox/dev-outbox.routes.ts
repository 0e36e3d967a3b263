import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { findOutboxMessages } from "../../integrations/outbox/outbox-store";
import { renderOutboxPage } from "./dev-outbox.page";

const channel = z.enum(["email", "sms"]);

const outboxQuery = z.object({
  recipient: z.string().trim().max(320).optional(),
  // An empty value (the page's "all channels") means no filter.
  channel: z.union([channel, z.literal("").transform(() => undefined)]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const outboxResponse = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      channel,
      recipient: z.string(),
      subject: z.string().nullable(),
      textBody: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/**
 * Whether the request comes from this machine itself: the socket's address (never X-Forwarded-For, which
 * a caller writes), and no proxy's forwarding headers (a proxy on this machine relays other machines).
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? "";
  const loopback = address.startsWith("127.") || address === "::1" || address.startsWith("::ffff:127.");
  const forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"].some((name) => name in request.headers);
  return loopback && !forwarded;
}

/**
 * The development outbox: what the outbox mail and SMS adapters "sent". It shows sign-in links and codes,
 * so app.ts registers it only when the configuration allows (`DEV_OUTBOX`, never in production), and it
 * answers only requests from this machine: anyone else gets the 404 of a route that doesn't exist.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", async (request, reply) => {
    if (!isFromThisMachine(request)) return reply.callNotFound();
  });

  app.get(
    "/dev/outbox",
    { config: { access: "member" }, schema: { hide: true, querystring: outboxQuery } },
    async (request, reply) => {
      const messages = await findOutboxMessages(app.db, request.query);
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(renderOutboxPage(messages, request.query));
    },
  );

  app.get(
    "/api/dev/outbox",
    {
      config: { access: "anyone" },
      schema: {
        summary: "Mail and SMS the development outbox kept (not in production)",
        querystring: outboxQuery,
        response: { 200: outboxResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const messages = await findOutboxMessages(app.db, request.query);
      return {
        messages: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
      };
    },
  );
};
