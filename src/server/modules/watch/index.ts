/** Server-timed watching: views, verified completions, discoveries. Owns watch_progress and discovered_companies. */
export { watchRoutes } from "./watch.routes";
