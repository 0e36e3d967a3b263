/** Server-timed watching: views, verified completions, discoveries. Owns watch_progress and discovered_companies. */

export { countCompletedViewsSince, memberDevices, recentViews } from "./member-activity.read-model";
export { watchRoutes } from "./watch.routes";
