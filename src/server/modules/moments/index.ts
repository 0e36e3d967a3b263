export { momentsRoutes } from "./moments.routes";
