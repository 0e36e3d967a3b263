import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/contracts/ids";
import type { AppDeps } from "../../app-deps";
import { requireStaff } from "../auth";

/**
 * A queue staff work through (`/api/staff/<path>`): the list by status, newest first, and the decision
 * on one item, which answers with the item as decided.
 */
interface StaffReviewQueue<
  Query extends z.ZodType,
  List extends z.ZodType,
  Body extends z.ZodType,
  Item extends z.ZodType,
> {
  /** Under /api/staff, e.g. "purchases". */
  path: string;
  listSummary: string;
  decisionSummary: string;
  listQuery: Query;
  listResponse: List;
  decisionBody: Body;
  decidedItem: Item;
  list(deps: AppDeps, query: z.infer<Query>): Promise<z.infer<List>>;
  decide(
    deps: AppDeps,
    staff: { id: number; displayName: string },
    id: number,
    body: z.infer<Body>,
  ): Promise<void>;
  /** The item as staff now see it. */
  find(deps: AppDeps, id: number): Promise<z.infer<Item>>;
}

/** The queue's two routes, for platform staff and admins. */
export function staffReviewRoutes<
  Query extends z.ZodType,
  List extends z.ZodType,
  Body extends z.ZodType,
  Item extends z.ZodType,
>(deps: AppDeps, queue: StaffReviewQueue<Query, List, Body, Item>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `/api/staff/${queue.path}`,
      {
        config: { access: "staff" },
        schema: {
          summary: queue.listSummary,
          querystring: queue.listQuery,
          // As a plain schema: TypeScript can't resolve a generic schema's reply type (the queue's own
          // `list` and `find` are typed by theirs, and the schema checks every answer at run time).
          response: { 200: queue.listResponse as z.ZodType },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "private, no-cache");
        return queue.list(deps, request.query as z.infer<Query>);
      },
    );

    app.post(
      `/api/staff/${queue.path}/:id/decision`,
      {
        config: { access: "staff" },
        schema: {
          summary: queue.decisionSummary,
          params: z.object({ id: idParam }),
          body: queue.decisionBody,
          response: { 200: queue.decidedItem as z.ZodType },
        },
      },
      async (request) => {
        const staff = await requireStaff(request);
        await queue.decide(deps, staff, request.params.id, request.body as z.infer<Body>);
        return queue.find(deps, request.params.id);
      },
    );
  };
}
