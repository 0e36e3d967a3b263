export { comingSoonRoutes } from "./coming-soon.routes";
export { signupsAdminRoutes } from "./signups-admin.routes";
