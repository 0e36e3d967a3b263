import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/contracts/ids";
import {
  dailyPurchaseReports,
  myPurchase,
  myPurchasesResponse,
  publicCompany,
  publicReview,
  purchaseDecisionRequest,
  reportPurchaseRequest,
  reportReviewRequest,
  reviewsQuery,
  reviewsResponse,
  reviewVoteResponse,
  staffPurchase,
  staffPurchasesQuery,
  staffPurchasesResponse,
  writeReviewRequest,
} from "../../../shared/contracts/purchases";
import type { AppDeps } from "../../app-deps";
import { AppError, notFound } from "../../lib/errors";
import { currentUser, requireUser } from "../auth";
import { byUser, consumeRateLimit } from "../rate-limit";
import { staffReviewRoutes } from "../staff-review";
import { decidePurchase, reportPurchase } from "./purchase-reports.service";
import {
  findPublicReview,
  listCompanyReviews,
  listMyPurchases,
  listStaffPurchases,
  loadPublicCompany,
} from "./purchases.read-model";
import { markReviewHelpful, reportReview, writeReview } from "./reviews.service";

const idParams = z.object({ id: idParam });
const companyParams = z.object({ companyId: idParam });
const notOnAnigye = () => notFound("This business is not on Anigye");
/** A receipt photo as a data URL is at most about 4 MB of JSON (the contract's limit). */
const receiptBodyLimit = 5 * 1024 * 1024;

/** Staff check reported purchases through the shared review flow (modules/staff-review). */
const purchasesQueue = {
  path: "purchases",
  listSummary: "Reported purchases by status, newest first (platform staff and admins)",
  decisionSummary: "Verify or reject a pending purchase (platform staff and admins); the member is told",
  listQuery: staffPurchasesQuery,
  listResponse: staffPurchasesResponse,
  decisionBody: purchaseDecisionRequest,
  decidedItem: staffPurchase,
  list: (deps: AppDeps, query: z.infer<typeof staffPurchasesQuery>) =>
    listStaffPurchases(deps.db, query.status, query.before),
  decide: decidePurchase,
  async find(deps: AppDeps, id: number) {
    const { purchases } = await listStaffPurchases(deps.db, "pending", undefined, id);
    return purchases[0]!;
  },
};

export function purchasesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/purchases",
      {
        config: { access: "member" },
        bodyLimit: receiptBodyLimit,
        schema: {
          summary: "Report a purchase at a business with its receipt photo; staff verify it",
          body: reportPurchaseRequest,
          response: { 201: myPurchase },
        },
      },
      async (request, reply) => {
        const member = await requireUser(request);
        await consumeRateLimit(
          deps.db,
          byUser(member),
          { action: "purchase_report", limit: dailyPurchaseReports, windowSeconds: 86_400 },
          deps.now(),
        );
        const id = await reportPurchase(deps, member.id, request.body);
        reply.code(201);
        return (await listMyPurchases(deps.db, member.id, id))[0]!;
      },
    );

    app.get(
      "/api/purchases/mine",
      {
        config: { access: "member" },
        schema: {
          summary: "The member's reported purchases, newest first, and whether each allows a review",
          response: { 200: myPurchasesResponse },
        },
      },
      async (request, reply) => {
        const member = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        return { purchases: await listMyPurchases(deps.db, member.id) };
      },
    );

    await app.register(staffReviewRoutes(deps, purchasesQueue));

    app.get(
      "/api/companies/:companyId/public",
      {
        config: { access: "signedOutOrMember" },
        schema: {
          summary: "A business's public page: who and where it is, its rating, and where the member stands",
          params: companyParams,
          response: { 200: publicCompany },
        },
      },
      async (request) => {
        const member = await currentUser(request);
        const company = await loadPublicCompany(deps.db, request.params.companyId, member?.id);
        if (!company) throw notOnAnigye();
        return company;
      },
    );

    app.get(
      "/api/companies/:companyId/reviews",
      {
        config: { access: "signedOutOrMember" },
        schema: {
          summary: "A business's published reviews, newest first, with its average rating (public)",
          params: companyParams,
          querystring: reviewsQuery,
          response: { 200: reviewsResponse },
        },
      },
      async (request) => {
        const member = await currentUser(request);
        const company = await loadPublicCompany(deps.db, request.params.companyId, undefined);
        if (!company) throw notOnAnigye();
        return listCompanyReviews(deps.db, company.id, member?.id, request.query.before);
      },
    );

    app.post(
      "/api/companies/:companyId/reviews",
      {
        config: { access: "member" },
        schema: {
          summary: "Review a business (members with a verified purchase there, once)",
          params: companyParams,
          body: writeReviewRequest,
          response: { 201: publicReview },
        },
      },
      async (request, reply) => {
        const member = await requireUser(request);
        const id = await writeReview(deps, member.id, request.params.companyId, request.body);
        reply.code(201);
        const review = await findPublicReview(deps.db, id, member.id);
        if (!review) throw new AppError("INTERNAL", "The review was saved but could not be read back");
        return review;
      },
    );

    app.post(
      "/api/reviews/:id/helpful",
      {
        config: { access: "member" },
        schema: {
          summary: "Mark someone else's review helpful (once per member; again changes nothing)",
          params: idParams,
          response: { 200: reviewVoteResponse },
        },
      },
      async (request) => {
        const member = await requireUser(request);
        return markReviewHelpful(deps, member.id, request.params.id);
      },
    );

    app.post(
      "/api/reviews/:id/report",
      {
        config: { access: "member" },
        schema: {
          summary: "Report a review (once per member); three reports take it down until staff look",
          params: idParams,
          body: reportReviewRequest,
          response: { 200: reviewVoteResponse },
        },
      },
      async (request) => {
        const member = await requireUser(request);
        return reportReview(deps, member.id, request.params.id, request.body.reason);
      },
    );
  };
}
