import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { brand } from "../../../shared/brand";
import { type HubtelUssdResponse, hubtelUssdResponse } from "../../../shared/contracts/ussd";
import {
  simulatorSessionPrefix,
  type UssdSimulatorResponse,
  ussdSimulatorRequest,
  ussdSimulatorResponse,
} from "../../../shared/contracts/ussd-simulator";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../lib/errors";
import { recordAudit } from "../audit";
import { guardedAdmin } from "../auth";
import { byIp, consumeRateLimit, type RateLimitRule } from "../rate-limit";

type SimulatorRequest = ReturnType<typeof ussdSimulatorRequest.parse>;

/** Dials of the open simulator per address, on top of the per-number limits every session meets. */
export const openSimulatorDialsPerHour = {
  action: "ussd_simulator_dial",
  limit: 30,
  windowSeconds: 60 * 60,
} satisfies RateLimitRule;

export interface UssdSimulatorOptions {
  /** The in-process secret the Hubtel route admits besides USSD_CALLBACK_TOKEN; it never leaves this process. */
  simulatorToken: string;
  /** Whether anyone may use it (development and the demo; never production). */
  openToAll: boolean;
}

/**
 * The USSD simulator (docs/product-rules.md#ussd-simulator): each key press becomes a Hubtel request sent
 * to the real Hubtel route inside this process, so the simulator walks exactly the code a provider's
 * callback does. `/api/admin/ussd/simulator` for admins; `/api/ussd/simulator` for anyone, registered only
 * in development and the demo.
 */
export function ussdSimulatorRoutes(deps: AppDeps, options: UssdSimulatorOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = (summary: string) => ({
      summary,
      body: ussdSimulatorRequest,
      response: { 200: ussdSimulatorResponse },
    });

    app.post(
      "/api/admin/ussd/simulator",
      {
        config: { access: "admin" },
        schema: schema(
          "Dial or answer the USSD menus as a phone number, through the Hubtel callback (admins)",
        ),
      },
      async (request, reply) => {
        const admin = guardedAdmin(request);
        const answer = await simulate(app, options.simulatorToken, request.body);
        // Acting as a member's number is an admin's action like any other: each dial is recorded.
        if (!request.body.sessionId) {
          await recordAudit(
            deps.db,
            {
              actor: admin,
              action: "ussd.simulator_dial",
              targetType: "phone",
              targetId: request.body.phoneNumber,
              after: { sessionId: answer.sessionId },
            },
            deps.now(),
          );
        }
        reply.header("cache-control", "no-store");
        return answer;
      },
    );

    if (options.openToAll) {
      app.post(
        "/api/ussd/simulator",
        {
          config: { access: "anyone" },
          schema: schema(
            "Dial or answer the USSD menus as a phone number, through the Hubtel callback (development and the demo only)",
          ),
        },
        async (request, reply) => {
          if (!request.body.sessionId) {
            await consumeRateLimit(deps.db, byIp(request), openSimulatorDialsPerHour, deps.now());
          }
          reply.header("cache-control", "no-store");
          return simulate(app, options.simulatorToken, request.body);
        },
      );
    }
  };
}

/** One key press of the simulator as Hubtel would send it, answered by the Hubtel route itself. */
async function simulate(
  app: FastifyInstance,
  token: string,
  body: SimulatorRequest,
): Promise<UssdSimulatorResponse> {
  const dialling = !body.sessionId;
  const sessionId = body.sessionId ?? `${simulatorSessionPrefix}${randomUUID()}`;
  const sequence = dialling ? 1 : (body.sequence ?? 1) + 1;
  const type = dialling ? "Initiation" : body.action === "cancel" ? "Release" : "Response";
  const response = await app.inject({
    method: "POST",
    url: `/api/ussd/hubtel?token=${encodeURIComponent(token)}`,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({
      Type: type,
      // Hubtel sends the number without its "+" ("233…").
      Mobile: body.phoneNumber.replace(/^\+/, ""),
      SessionId: sessionId,
      ServiceCode: brand.ussdDialCode.replace(/^\*|#$/g, ""),
      Message: dialling ? brand.ussdDialCode : body.message,
      Operator: "simulator",
      Sequence: sequence,
      ClientState: "",
    }),
  });
  if (response.statusCode !== 200) {
    throw new AppError("UNAVAILABLE", "The USSD menus did not answer. Try again.");
  }
  const screen: HubtelUssdResponse = hubtelUssdResponse.parse(response.json());
  return {
    sessionId,
    sequence,
    text: screen.Message,
    end: screen.Type === "release" || type === "Release",
  };
}
