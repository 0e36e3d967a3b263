import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminMemberDetailResponse,
  adminMemberItem,
  adminOverviewResponse,
  adminUsersQuery,
  adminUsersResponse,
  memberRoleRequest,
  memberStatusRequest,
} from "../../../shared/contracts/admin-members";
import { idParam } from "../../../shared/contracts/ids";
import type { AppDeps } from "../../app-deps";
import { guardedAdmin, searchMembers, setMemberRole, setMemberStatus } from "../auth";
import { memberDetail, toAdminMemberItem } from "./members.service";
import { adminOverview } from "./overview.read-model";

const memberParams = z.object({ id: idParam });

/** The admin's home numbers and member management (admins only). */
export function adminMembersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/admin/overview",
      {
        config: { access: "admin" },
        schema: {
          summary: "Today's numbers and the queues waiting (admins)",
          response: { 200: adminOverviewResponse },
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "private, no-cache");
        return adminOverview(deps.db, deps.now(), deps.paystack !== undefined);
      },
    );

    app.get(
      "/api/admin/users",
      {
        config: { access: "admin" },
        schema: {
          summary: "Search members by Anigye ID, phone, or the start of a name or email; 25 a page (admins)",
          querystring: adminUsersQuery,
          response: { 200: adminUsersResponse },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "private, no-cache");
        const page = await searchMembers(deps.db, request.query);
        return { ...page, items: page.items.map(toAdminMemberItem) };
      },
    );

    app.get(
      "/api/admin/users/:id",
      {
        config: { access: "admin" },
        schema: {
          summary: "A member's page: balances, risk, ledger, rewards, views, devices, cases (admins)",
          params: memberParams,
          response: { 200: adminMemberDetailResponse },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "private, no-cache");
        return memberDetail(deps, request.params.id);
      },
    );

    app.post(
      "/api/admin/users/:id/status",
      {
        config: { access: "admin" },
        schema: {
          summary: "Suspend (signs the member out everywhere) or reactivate a member, with a reason (admins)",
          params: memberParams,
          body: memberStatusRequest,
          response: { 200: adminMemberItem },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        const change = { userId: request.params.id, ...request.body, admin };
        const user = await deps.db.transaction((tx) => setMemberStatus(tx, change, deps.now()));
        return toAdminMemberItem(user);
      },
    );

    app.post(
      "/api/admin/users/:id/role",
      {
        config: { access: "admin" },
        schema: {
          summary: "Make a member platform staff or an admin, or a member again, with a reason (admins)",
          params: memberParams,
          body: memberRoleRequest,
          response: { 200: adminMemberItem },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        const change = { userId: request.params.id, ...request.body, admin };
        const user = await deps.db.transaction((tx) => setMemberRole(tx, change, deps.now()));
        return toAdminMemberItem(user);
      },
    );
  };
}
