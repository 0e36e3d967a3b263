/** Admin screens that belong to no single domain (settings, the audit log); owns no tables. */
export { adminRoutes } from "./admin.routes";
