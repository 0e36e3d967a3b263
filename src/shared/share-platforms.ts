/** Where a member can share a reward; without zod, so screens that only name them don't load it. */
export const sharePlatforms = ["facebook", "twitter", "instagram", "whatsapp", "other"] as const;
export type SharePlatformId = (typeof sharePlatforms)[number];
export const sharePlatformNames: Record<SharePlatformId, string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  instagram: "Instagram",
  whatsapp: "WhatsApp",
  other: "Other",
};
