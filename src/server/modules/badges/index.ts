/** Badges: an ad's own badge and the discovery milestones, each earned once. */
export {
  awardAdBadge,
  awardDiscoveryMilestones,
  type BadgeSourceAd,
  badgesEarnedWith,
  badgesIn,
  listBadges,
  type NewBadge,
} from "./badges.service";
