import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  counterActor,
  counterDashboard,
  counterLogResponse,
  merchantLoginRequest,
  phoneCheckinConfirmRequest,
  phoneCheckinRequest,
  phoneCheckinResult,
  phoneCheckinSent,
  pointGrantRequest,
  pointGrantResult,
  scanRequest,
  scanResult,
} from "../../../shared/contracts/counter";
import { idParam } from "../../../shared/contracts/ids";
import type { AppDeps } from "../../app-deps";
import { signalsOf } from "../../lib/client-signals";
import { AppError, unauthenticated } from "../../lib/errors";
import { languageOf, type Saying, sayingText, translateMessage } from "../../lib/i18n";
import {
  type CounterActorRecord,
  findCompany,
  findCounterActor,
  findLiveBranch,
  requireCounterActor,
  signInStaff,
  staffActor,
  trustedStaffIdsOf,
  trustThisDevice,
} from "../companies";
import { findActiveProgram } from "../loyalty";
import { allocationThisMonth } from "../points";
import { listCounterLog, loadCounterDashboard } from "./counter-log.read-model";
import { counterTextsLeft } from "./counter-texts.service";
import { confirmPhoneCheckin } from "./phone-checkin-confirm.service";
import { startPhoneCheckin } from "./phone-checkin-send.service";
import { performPointGrant } from "./point-grant.service";
import { performScan } from "./scan.service";

const actorResponse = z.object({ actor: counterActor.nullable() });

/**
 * A counter answer in the staff's language: its message said again from what it said (an answer logged
 * before its saying was kept has only its English, translated when the catalog has it).
 */
function inLanguageOf<T extends { message: string; said?: Saying }>(
  request: FastifyRequest,
  { said, ...answer }: T,
): Omit<T, "said"> {
  const language = languageOf(request);
  return {
    ...answer,
    message: said ? sayingText(said, language) : translateMessage(answer.message, language),
  };
}

export function counterRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  async function describeActor(actor: CounterActorRecord) {
    const [program, branch] = await Promise.all([
      findActiveProgram(deps.db, actor.companyId),
      actor.branchId === null ? undefined : findLiveBranch(deps.db, actor.companyId, actor.branchId),
    ]);
    return {
      ...actor,
      branchName: branch?.name ?? null,
      hasLoyaltyProgram: Boolean(program),
      minimumSpend: program ? program.minimumSpendPesewas / 100 : null,
    };
  }

  return async (app) => {
    app.post(
      "/api/merchant/login",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Counter staff sign in on the shop's phone (business username, their name, PIN)",
          body: merchantLoginRequest,
          response: { 200: z.object({ success: z.literal(true), actor: counterActor }) },
        },
      },
      async (request, reply) => {
        const device = { source: request.ip, trustedStaffIds: trustedStaffIdsOf(request) };
        const staff = await signInStaff(deps.db, request.body, device, deps.now());
        trustThisDevice(request, reply, staff.id, deps.config.secureCookies);
        await reply.startSession({
          kind: "company_staff",
          companyStaffId: staff.id,
          companyId: staff.companyId,
        });
        const actor = await staffActor(deps.db, staff.id);
        if (!actor) throw unauthenticated("This staff account can't sign in right now");
        return { success: true as const, actor: await describeActor(actor) };
      },
    );

    app.post(
      "/api/merchant/logout",
      {
        config: { access: "signedOutOrBusiness" },
        schema: {
          summary: "Sign the counter out",
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (_request, reply) => {
        await reply.endSession("business");
        return { success: true as const };
      },
    );

    app.get(
      "/api/merchant/me",
      {
        config: { access: "signedOutOrBusiness" },
        schema: {
          summary: "Who is at the counter (staff, or the signed-in owner), or null",
          response: { 200: actorResponse },
        },
      },
      async (request, reply) => {
        const actor = await findCounterActor(deps.db, request);
        // A session that no longer works (its shop suspended, its staff member deactivated) is ended here.
        if (!actor && (await request.getSession("business"))) await reply.endSession("business");
        return { actor: actor ? await describeActor(actor) : null };
      },
    );

    app.post(
      "/api/merchant/scans",
      {
        config: { access: "counter" },
        schema: {
          summary: "Scan a member's loyalty QR or a reward QR: stamp, redeem or look up (staff or owner)",
          body: scanRequest,
          response: { 200: scanResult },
        },
      },
      async (request) => {
        const actor = await requireCounterActor(deps.db, request);
        return inLanguageOf(request, await performScan(deps, actor, request.body, signalsOf(request)));
      },
    );

    app.post(
      "/api/merchant/points",
      {
        config: { access: "counter" },
        schema: {
          summary: "Give a member 1 to 100 points for a purchase, from the shop's monthly allocation",
          body: pointGrantRequest,
          response: { 200: pointGrantResult },
        },
      },
      async (request) => {
        const actor = await requireCounterActor(deps.db, request);
        return inLanguageOf(request, await performPointGrant(deps, actor, request.body, signalsOf(request)));
      },
    );

    app.post(
      "/api/merchant/phone-checkins",
      {
        config: { access: "counter" },
        schema: {
          summary:
            "Send a customer without the app an SMS code for a stamp or points at the counter (staff or owner)",
          body: phoneCheckinRequest,
          response: { 201: phoneCheckinSent },
        },
      },
      async (request, reply) => {
        const actor = await requireCounterActor(deps.db, request);
        const sent = await startPhoneCheckin(
          deps,
          actor,
          request.body,
          signalsOf(request),
          languageOf(request),
        );
        reply.code(201);
        return sent;
      },
    );

    app.post(
      "/api/merchant/phone-checkins/:id/confirm",
      {
        config: { access: "counter" },
        schema: {
          summary:
            "Confirm a phone check-in with the customer's SMS code: stamp or points for the member, or held for the number",
          params: z.object({ id: idParam }),
          body: phoneCheckinConfirmRequest,
          response: { 200: phoneCheckinResult },
        },
      },
      async (request) => {
        const actor = await requireCounterActor(deps.db, request);
        const answer = await confirmPhoneCheckin(
          deps,
          actor,
          request.params.id,
          request.body.code,
          signalsOf(request),
          languageOf(request),
        );
        return inLanguageOf(request, answer);
      },
    );

    app.get(
      "/api/merchant/log",
      {
        config: { access: "counter" },
        schema: {
          summary: "Today's counter log for the shop, newest first",
          response: { 200: counterLogResponse },
        },
      },
      async (request) => {
        const actor = await requireCounterActor(deps.db, request);
        return listCounterLog(deps.db, actor.companyId, deps.now(), languageOf(request));
      },
    );

    app.get(
      "/api/merchant/dashboard",
      {
        config: { access: "counter" },
        schema: {
          summary: "Today's and this month's counter work by staff member, and the points allocation left",
          response: { 200: counterDashboard },
        },
      },
      async (request) => {
        const actor = await requireCounterActor(deps.db, request);
        const now = deps.now();
        const company = await findCompany(deps.db, actor.companyId);
        if (!company) throw new AppError("NOT_FOUND", "Company not found");
        const allocation = await allocationThisMonth(deps.db, company.id, company.plan, now);
        const texts = await counterTextsLeft(deps.db, actor, now);
        return loadCounterDashboard(deps.db, actor.companyId, now, allocation, texts, languageOf(request));
      },
    );
  };
}
