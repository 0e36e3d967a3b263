import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { riskResponse } from "../../../shared/contracts/admin-members";
import {
  fraudEventsQuery,
  fraudEventsResponse,
  violationDecisionRequest,
  violationDecisionResponse,
  violationsQuery,
  violationsResponse,
} from "../../../shared/contracts/anti-cheat";
import { idParam } from "../../../shared/contracts/ids";
import type { AppDeps } from "../../app-deps";
import { findMemberForAdmin, guardedAdmin } from "../auth";
import { deviceRisk, listFraudEvents, memberRisk, riskSummary } from "../fraud";
import { riskSignalTypes } from "../settings";
import { decideViolation, toFraudEventItem, violationQueue } from "./anti-cheat.service";

const idParams = z.object({ id: idParam });
const deviceParams = z.object({ fingerprint: z.string().min(1).max(200) });

/** The anti-cheat review: signals, risk scores and the case queue (admins only). */
export function antiCheatRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/admin/fraud/events",
      {
        config: { access: "admin" },
        schema: {
          summary: "Fraud signals, newest first, filtered by type, member, company, device and time (admins)",
          querystring: fraudEventsQuery,
          response: { 200: fraudEventsResponse },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "private, no-cache");
        const { from, to, device, ...rest } = request.query;
        const page = await listFraudEvents(deps.db, {
          ...rest,
          deviceFingerprint: device,
          from: from ? new Date(from) : undefined,
          to: to ? new Date(to) : undefined,
        });
        return { ...page, items: page.items.map(toFraudEventItem), types: riskSignalTypes };
      },
    );

    app.get(
      "/api/admin/risk/users/:id",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "A member's risk score (0-100) from their last 30 days of signals, with its reasons (admins)",
          params: idParams,
          response: { 200: riskResponse },
        },
      },
      async (request) => {
        await findMemberForAdmin(deps.db, request.params.id);
        const risk = await memberRisk(deps.db, request.params.id, deps.now());
        return { ...risk, summary: riskSummary(risk) };
      },
    );

    app.get(
      "/api/admin/risk/devices/:fingerprint",
      {
        config: { access: "admin" },
        schema: {
          summary: "A device's risk score from the signals seen on it in the last 30 days (admins)",
          params: deviceParams,
          response: { 200: riskResponse },
        },
      },
      async (request) => {
        const risk = await deviceRisk(deps.db, request.params.fingerprint, deps.now());
        return { ...risk, summary: riskSummary(risk) };
      },
    );

    app.get(
      "/api/admin/violations",
      {
        config: { access: "admin" },
        schema: {
          summary: "Anti-cheat cases with their evidence; pending ones oldest first (admins)",
          querystring: violationsQuery,
          response: { 200: violationsResponse },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "private, no-cache");
        return violationQueue(deps.db, request.query);
      },
    );

    app.post(
      "/api/admin/violations/:id/decision",
      {
        config: { access: "admin" },
        schema: {
          summary: "Dismiss, warn, suspend, or reverse what was earned, with notes; once per case (admins)",
          params: idParams,
          body: violationDecisionRequest,
          response: { 200: violationDecisionResponse },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        return decideViolation(deps, admin, request.params.id, request.body);
      },
    );
  };
}
