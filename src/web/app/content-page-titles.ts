import { brand } from "../../shared/brand";

/**
 * The signed-out content pages' titles: each page sets its own when the app shows it, and the build
 * writes it into the page's pre-rendered HTML (`scripts/prerender.ts`), which shows without the app.
 */
export const contentPageTitles = {
  features: `Features · ${brand.name}`,
  faq: `FAQ · ${brand.name}`,
  "how-it-works": `How it works · ${brand.name}`,
  business: `For businesses · ${brand.name}`,
  "merchant-pitch": `For shop owners · ${brand.name}`,
  privacy: `Privacy notice · ${brand.name}`,
  terms: `Terms of use · ${brand.name}`,
} as const;
