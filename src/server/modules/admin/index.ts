/**
 * The platform's admin screens that span domains: settings, the audit log, the overview, members and
 * the anti-cheat review. Owns no tables: it calls each domain module's public surface.
 */
export { adminRoutes } from "./admin.routes";
export { antiCheatRoutes } from "./anti-cheat.routes";
export { adminMembersRoutes } from "./members.routes";
