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
 * The development outbox: what the outbox mail and SMS adapters "sent". Registered only outside
 * production (it shows sign-in links and codes to anyone who can reach it).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/dev/outbox", { schema: { hide: true, querystring: outboxQuery } }, async (request, reply) => {
    const messages = await findOutboxMessages(app.db, request.query);
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(renderOutboxPage(messages, request.query));
  });

  app.get(
    "/api/dev/outbox",
    {
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
