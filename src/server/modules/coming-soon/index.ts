export { comingSoonRoutes } from "./coming-soon.routes";
