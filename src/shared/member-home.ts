import type { DiscoveryAd } from "./contracts/ads";
import type { SessionUser } from "./contracts/session";
import type { Language } from "./i18n/languages";
import { discoveryPath, memberFirstReadsOfRoute, memberReadPaths } from "./prerendered-pages";

/**
 * The member pages the server renders for each request, with the reads each one's first screen shows
 * (the home's list comes from the Discover feed itself, not from a read).
 */
export const serverRenderedMemberPages = {
  "/": [],
  "/rewards": (memberFirstReadsOfRoute["/rewards"] ?? []).filter((read) => read !== memberReadPaths.session),
} as const satisfies Record<string, readonly string[]>;
export type ServerRenderedMemberPage = keyof typeof serverRenderedMemberPages;

/** The frame each is rendered into, written by `npm run build` into `dist/prerendered/`. */
export const memberPageFrames: Record<ServerRenderedMemberPage, string> = {
  "/": "member-home.frame.html",
  "/rewards": "member-rewards.frame.html",
};

export function isServerRenderedMemberPage(path: string): path is ServerRenderedMemberPage {
  return Object.hasOwn(serverRenderedMemberPages, path);
}

/**
 * What a signed-in member's page (their home, Discover, or My Rewards) is rendered from on the server, for
 * one request, and adopted from in the browser: the member, the page, its first reads and whether the
 * images were the data saver's.
 */
export interface MemberHomeState {
  member: SessionUser;
  /** The page rendered. */
  path: ServerRenderedMemberPage;
  /** The home's first cards (empty on other pages). */
  discovery: DiscoveryAd[];
  /** The member's own reads the page's first screen shows, by path, as the API answered them. */
  reads: Record<string, unknown>;
  dataSaver: boolean;
}

/**
 * Discover shows its first 10 cards, then "View More Discoveries" shows all. A member's home carries only
 * these in its page: the live app fetches the whole list at once, and a long list would make every first
 * page heavier.
 */
export const discoverFirstCards = 10;

/**
 * Where the app's query cache keeps a member's Discover list: by its address and the member, so another
 * account on the same phone never sees it. The home's list is the default order's (`discoveryPath`).
 */
export function discoveryQueryKey(url: string, memberId: number | undefined) {
  return [url, memberId] as const;
}

export function memberHomeQueryKey(state: Pick<MemberHomeState, "member">) {
  return discoveryQueryKey(discoveryPath, state.member.id);
}

/** A device's stored choices (its language, its data saver), as the app reads them. */
export interface DeviceStorage {
  getItem(key: string): string | null;
}

/** The device a member's home is rendered for on the server: its language and its stored choices. */
export interface RenderedFor {
  language: Language;
  storage: DeviceStorage;
}

/** The server's renderer (`src/web/prerender.tsx`, built into `.prerender-build/prerender.js`). */
export interface MemberHomeRenderer {
  /** The page at `state.path`, rendered from `state`. */
  renderMemberPage(state: MemberHomeState, renderedFor: RenderedFor): Promise<string>;
}
