/** Signed-out counters and the partner logo carousel (read across accounts and companies). */
export { publicRoutes } from "./public.routes";
