/** Development only: the mail and SMS the outbox adapters kept. */
export { devOutboxRoutes } from "./dev-outbox.routes";
