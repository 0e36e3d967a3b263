import { brand } from "./brand";

/**
 * The pages whose signed-out HTML is rendered at build time (so a first paint needs no JavaScript), by file
 * name, and the device languages each is rendered for (`first-run`: none chosen yet, so the language chooser
 * shows).
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

export type PrerenderedPage = keyof typeof prerenderedPages;

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

/**
 * A route's shell has the browser load its number and date formatting data while the page's code is
 * still downloading, when the phone has nothing else to do: the first formatter a page makes loads it
 * (50-130 ms on a 4x-slowed CPU), which would otherwise land in the app's first tasks. Inline, in the
 * head before the stylesheet (so it waits for nothing); the server's CSP allows this text by its hash.
 */
export const formattingDataScript = `setTimeout(() => { new Intl.NumberFormat("en-GH").format(0); new Intl.DateTimeFormat("en-GH", { timeZone: "${brand.timeZone}" }).format(0); });`;

/**
 * A pre-rendered page asks for the app's code only once the phone has shown it: after its first paint
 * and, on a page with first pictures (`fetchpriority="high"`, Discover's first row), once they have
 * loaded, two frames later (so they are on screen); at once when the member touches a key or the screen,
 * and after 3 s at most. A slow phone then shows the page before it downloads, parses and runs the
 * scripts, and the scripts don't share the connection with what the member is waiting to see. The
 * `app-entry` meta names the entry, then the modules it imports (fetched together, not one import level
 * at a time). A page that carries only its first screen's styles names the full stylesheet in an
 * `app-styles` meta: it is fetched first but kept off (print only, so the page isn't styled all over
 * again) until another page needs it (`web/lib/app-styles.ts`); its download's end is marked on it.
 * Inline: the server's Content-Security-Policy allows exactly this text by its hash.
 */
export const startAfterFirstPaintScript = [
  "const firstPictures = [...document.querySelectorAll('img[fetchpriority=\"high\"]')];",
  "const picturesLoaded = Promise.all(firstPictures.filter((img) => !img.complete).map((img) => new Promise((done) => {",
  '  img.addEventListener("load", done);',
  '  img.addEventListener("error", done);',
  "})));",
  "const painted = new Promise((done) => {",
  "  try {",
  '    if (!PerformanceObserver.supportedEntryTypes.includes("paint")) throw new Error("no paint timing");',
  "    new PerformanceObserver((list, watch) => {",
  "      watch.disconnect();",
  "      done();",
  '    }).observe({ type: "paint", buffered: true });',
  "  } catch {",
  "    requestAnimationFrame(() => setTimeout(done));",
  "  }",
  "});",
  "const nextFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));",
  "const shown = new Promise((done) => {",
  "  Promise.all([picturesLoaded, painted]).then(nextFrames).then(done);",
  "  setTimeout(done, 3000);",
  '  for (const type of ["pointerdown", "keydown"]) addEventListener(type, done, { once: true, capture: true });',
  "});",
  "shown.then(() => setTimeout(() => {",
  "  const styles = document.querySelector('meta[name=\"app-styles\"]');",
  "  if (styles) {",
  '    const sheet = document.createElement("link");',
  '    sheet.rel = "stylesheet";',
  '    sheet.media = "print";',
  "    sheet.dataset.appStyles = styles.content;",
  "    sheet.href = styles.content;",
  '    sheet.addEventListener("load", () => { sheet.dataset.loaded = "yes"; });',
  '    sheet.addEventListener("error", () => { sheet.dataset.failed = "yes"; });',
  "    document.head.append(sheet);",
  "  }",
  '  const [entry, ...imports] = document.querySelector(\'meta[name="app-entry"]\').content.split(" ");',
  "  for (const href of imports) {",
  '    const link = document.createElement("link");',
  '    link.rel = "modulepreload";',
  "    link.href = href;",
  "    document.head.append(link);",
  "  }",
  "  import(entry);",
  "}));",
].join("\n");

/**
 * The app shell for a route the browser renders itself, one per language, naming that route's code for
 * download beside the entry (`scripts/route-shells.ts`); listed in `prerendered/route-shells.json`.
 */
export interface RouteShell {
  /** As the router has it: `/merchant`, `/company-dashboard/:id`. */
  path: string;
  files: Record<"en" | "tw", string>;
}
export const routeShellsIndex = "route-shells.json";

/** Who is signed in at this counter: every counter page waits for it before it shows. */
export const counterSessionPath = "/api/merchant/me";

/**
 * The API reads a route's first screen waits for: its shell asks for them beside the code, so the answer
 * is there when the page first renders instead of one round trip after.
 */
export const firstReadsOfRoute: Readonly<Record<string, readonly string[]>> = {
  "/merchant": [counterSessionPath],
  "/merchant-scanner": [counterSessionPath],
  "/merchant-dashboard": [counterSessionPath],
  "/vendor-scan": [counterSessionPath],
};

/** The member's own reads a page can ask for beside its code; the app's reads use the same paths. */
export const memberReadPaths = {
  /** Who is signed in on this phone: the app asks on every page it opens. */
  session: "/api/auth/me",
  profile: "/api/profile",
  myDrawEntries: "/api/draws/mine",
  myRewards: "/api/rewards/mine",
  rewardsCollection: "/api/rewards/collection",
  myShareProofs: "/api/share-proofs/mine",
  myCashback: "/api/cashback/mine",
  memberQr: "/api/loyalty/qr",
  loyaltyCards: "/api/loyalty/cards",
} as const;

/**
 * The API reads a signed-in member's page waits for before its first screen shows. The server names them
 * in a `Link: <…>; rel=preload` header when the request carries a member's session (without one they
 * would only be refused), so the phone fetches them beside the page's code, not after it has run, and
 * the page renders with them at once instead of a spinner that the content then pushes down.
 */
export const memberFirstReadsOfRoute: Readonly<Record<string, readonly string[]>> = {
  "/rewards": [
    memberReadPaths.session,
    memberReadPaths.profile,
    memberReadPaths.myDrawEntries,
    memberReadPaths.myRewards,
    memberReadPaths.rewardsCollection,
    memberReadPaths.myShareProofs,
    memberReadPaths.myCashback,
  ],
  "/loyalty-dashboard": [memberReadPaths.session, memberReadPaths.memberQr, memberReadPaths.loyaltyCards],
};

/** This device's data-saver choice, kept for the server as well as in local storage. */
export const dataSaverCookieName = "anigye_data_saver";

/**
 * A signed-in member's home (Discover) rendered on the server for each request: the page's HTML holds
 * the member's first cards, and this script element (JSON, never run) holds what they were rendered
 * from, so the browser adopts the same page instead of building it again.
 */
export const memberHomeStateId = "member-home-state";
export const memberHomeMarker = "<!--member-home-->";
