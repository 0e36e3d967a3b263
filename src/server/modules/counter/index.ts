/**
 * The shop counter: staff sign-in, scans (stamp, redeem, look up), points grants, offline resends and the
 * counter's log. Owns qr_scan_logs and daily_scan_limits; composes loyalty, rewards and points.
 */
export { counterRoutes } from "./counter.routes";
