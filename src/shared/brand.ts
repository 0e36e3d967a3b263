/**
 * Everything that names or describes the platform lives here, so a re-brand touches one file.
 */
export const brand = {
  name: "Anigye",
  plusName: "Anigye+",
  plusPath: "/anigye-plus",
  pronunciation: "/Ay-nee-jay/",
  meaning: "Twi for joy",
  tagline: "Joy of Discovery",
  heroTitle: "Watch. Discover. Reward.",
  launchDate: "2025-11-25",
  launchDateLabel: "Nov 25, 2025",
  partnerClaim: "1000+",
  supportPhone: "+233 30 296 0000",
  supportPhoneHours: "Mon-Fri 9 AM-6 PM GMT",
  /** The USSD code the simulator dials; the real one is the code registered at the USSD provider. */
  ussdDialCode: "*713*4#",
  supportEmail: "hello@anigye.com.gh",
  country: "Ghana",
  currency: "GHS",
  timeZone: "Africa/Accra",
} as const;
