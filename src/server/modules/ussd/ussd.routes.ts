import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { brand } from "../../../shared/brand";
import {
  africasTalkingUssdRequest,
  type HubtelUssdResponse,
  hubtelUssdRequest,
  hubtelUssdResponse,
  ussdCallbackQuery,
} from "../../../shared/contracts/ussd";
import type { AppDeps } from "../../app-deps";
import { AppError, notFound } from "../../lib/errors";
import { answerUssd, type UssdCall } from "./ussd-session.service";

/**
 * The USSD providers' callbacks: one per provider, each in its own shape, over one menu engine
 * (ussd-session.service.ts). Only the provider knows the URL's token; the caller's number is the one in
 * the provider's request, never anything else.
 */
export function ussdRoutes(deps: AppDeps, options: { simulatorToken?: string } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    // Checked before the body is read: without a token configured there is no USSD service at all.
    app.addHook("onRequest", async (request) => {
      const given = (request.query as { token?: unknown }).token;
      // The simulator's own requests, sent inside this process (ussd-simulator.routes.ts).
      const { simulatorToken } = options;
      if (simulatorToken && typeof given === "string" && sameSecret(given, simulatorToken)) return;
      const expected = deps.config.ussdCallbackToken;
      if (!expected) throw notFound();
      if (typeof given !== "string" || !sameSecret(given, expected)) {
        throw new AppError("UNAUTHENTICATED", "This USSD callback needs its token.");
      }
    });
    // Africa's Talking posts a form; nothing else here reads one.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    app.post(
      "/api/ussd/hubtel",
      {
        config: { access: "ussdProvider", csrf: false },
        schema: {
          summary: "Hubtel Programmable Services: a USSD session's request (the Service Interaction URL)",
          querystring: ussdCallbackQuery,
          body: hubtelUssdRequest,
          response: { 200: hubtelUssdResponse },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const type = body.Type.toLowerCase();
        const screen = await answerUssd(deps, {
          provider: "hubtel",
          sessionId: body.SessionId,
          phone: body.Mobile,
          requestKey: `sequence:${body.Sequence}`,
          kind: type === "initiation" ? "start" : type === "response" ? "answer" : "end",
          typedAfter: () => body.Message,
        });
        reply.header("cache-control", "no-store");
        return {
          Type: screen.end ? "release" : "response",
          Message: screen.text,
          Label: brand.name,
          DataType: screen.end ? "display" : "input",
          FieldType: screen.end ? "" : "text",
          ClientState: "",
        } satisfies HubtelUssdResponse;
      },
    );

    app.post(
      "/api/ussd/africastalking",
      {
        config: { access: "ussdProvider", csrf: false },
        schema: {
          summary: "Africa's Talking: a USSD session's request (the channel's callback URL)",
          querystring: ussdCallbackQuery,
          body: africasTalkingUssdRequest,
          consumes: ["application/x-www-form-urlencoded"],
          response: {
            200: {
              description: 'The screen, beginning "CON " (wait for the caller\'s answer) or "END " (close)',
              content: { "text/plain": { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        const { sessionId, phoneNumber, text } = request.body;
        const call: UssdCall = {
          provider: "africastalking",
          sessionId,
          phone: phoneNumber,
          requestKey: `text:${text}`,
          kind: text === "" ? "start" : "answer",
          typedAfter: (previousKey) => typedSince(previousKey, text),
        };
        const screen = await answerUssd(deps, call);
        return reply
          .header("cache-control", "no-store")
          .header("content-type", "text/plain; charset=utf-8")
          .send(`${screen.end ? "END" : "CON"} ${screen.text}`);
      },
    );
  };
}

/**
 * What the caller typed last: Africa's Talking's text is every input so far joined by "*", so it is what
 * follows the text of the request before.
 */
function typedSince(previousKey: string, text: string): string {
  const previous = previousKey.startsWith("text:") ? previousKey.slice("text:".length) : undefined;
  if (previous === "") return text;
  if (previous !== undefined && text.startsWith(`${previous}*`)) return text.slice(previous.length + 1);
  return text.split("*").at(-1) ?? "";
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
