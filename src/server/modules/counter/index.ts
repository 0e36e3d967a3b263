/**
 * The shop counter: staff sign-in, scans (stamp, redeem, look up), points grants, offline resends and the
 * counter's log, and check-ins by phone number with the caps on its texts (and the public read behind the
 * invite a held reward sends). Owns qr_scan_logs, phone_checkins, held_phone_rewards, phone_invites and
 * counter_text_counts; composes loyalty, rewards and points.
 */
export { counterRoutes } from "./counter.routes";
export { deleteOldCounterTextCounts } from "./counter-texts.service";
export { landHeldRewards } from "./held-rewards.service";
export { phoneInviteRoutes } from "./phone-invite.routes";
