/**
 * The pages whose signed-out HTML is rendered at build time (issue 15), by file name, and the device
 * languages each is rendered for (`first-run`: none chosen yet, so the language chooser shows).
 */
export const prerenderedPages = {
  landing: "/",
  features: "/features",
  faq: "/faq",
  "how-it-works": "/how-it-works",
  business: "/business",
  "merchant-pitch": "/merchant-pitch",
  privacy: "/privacy",
  terms: "/terms",
} as const;

export const prerenderVariants = ["first-run", "en", "tw"] as const;
export type PrerenderVariant = (typeof prerenderVariants)[number];

const pageByPath = new Map<string, string>(
  Object.entries(prerenderedPages).map(([name, url]) => [url, name]),
);

export function prerenderedPageAt(urlPath: string): string | undefined {
  return pageByPath.get(urlPath);
}

/** The list a signed-in member's home (Discover) reads first; its shell asks for it with the page. */
export const discoveryPath = "/api/ads/discovery";
