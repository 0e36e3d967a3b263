import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import pLimit from "p-limit";
import type { Counter } from "prom-client";
import { isLanguage, type Language, languageCookieName } from "../../shared/i18n/languages";
import {
  type DeviceStorage,
  discoverFirstCards,
  type MemberHomeRenderer,
  type MemberHomeState,
  memberPageFrames,
  type ServerRenderedMemberPage,
  serverRenderedMemberPages,
} from "../../shared/member-home";
import { dataSaverCookieName, memberHomeMarker, memberHomeStateId } from "../../shared/prerendered-pages";
import type { DiscoveryFeed } from "../modules/ads";
import { currentUser, toSessionUser } from "../modules/auth";
import { firstScreenStyles } from "./first-screen-styles";

/** What a member's home is built from: the services `GET /api/auth/me` and `GET /api/ads/discovery` use. */
export interface MemberHomeSources {
  feed: DiscoveryFeed;
  now: () => Date;
  /** Counts each home sent as the shell, by reason (`/metrics`). */
  fallbacks: Counter<"reason">;
  /** How many homes are rendered at once and how many wait their turn; the defaults below otherwise. */
  queue?: RenderQueueLimits;
}

export interface RenderQueueLimits {
  rendersAtOnce: number;
  waitingAtMost: number;
}

export interface MemberHomePages {
  /** The member's page with its first screen in it, or undefined when the shell goes instead. */
  render(request: FastifyRequest, page: ServerRenderedMemberPage): Promise<string | undefined>;
}

/**
 * Why a home went out as the plain shell (rendered by the member's phone instead): the session behind
 * the cookie has ended; the line of homes waiting to be rendered is full; the renderer, or
 * what it was given, failed (an error to look into, logged as one).
 */
const fallbackReasons = ["signed-out", "busy", "failed"] as const;
type FallbackReason = (typeof fallbackReasons)[number];

/**
 * Homes are rendered a few at a time, in the order members asked: each render is mostly the server's one
 * JavaScript thread (the reads, the feed and React's render, about 5 ms), so more side by side only
 * interleaves their steps, and with 50 members at once the unlucky ones waited behind every newcomer's
 * steps (a p99 seven times the p50). In line, a member waits for those ahead of them and no more. When
 * the line is longer than about half a second of renders, the next member gets the shell (counted as
 * `busy`): their phone renders it sooner than they would wait. Many more members at once than this need
 * another instance, not a longer line.
 */
const defaultQueueLimits: RenderQueueLimits = { rendersAtOnce: 4, waitingAtMost: 100 };

/**
 * A signed-in member's home (Discover) and My Rewards rendered on the server for each request: their first
 * cards, rewards and images are in the HTML, so the phone shows them before it has run any of the app's
 * code. Built by `npm run build` (the frames in `dist/prerendered/`, the renderer in `.prerender-build/`);
 * without them, or when a render can't be done, the member gets the plain shell, counted in `/metrics`.
 */
export function memberHomePages(
  app: FastifyInstance,
  distDir: string,
  sources: MemberHomeSources,
): MemberHomePages | undefined {
  const framePath = path.join(distDir, "prerendered", memberPageFrames["/"]);
  const rendererPath = path.resolve(distDir, "..", ".prerender-build", "prerender.js");
  if (!fs.existsSync(framePath) || !fs.existsSync(rendererPath)) {
    app.log.warn(
      { framePath, rendererPath },
      "members' homes are to be rendered on the server, but the renderer isn't built (npm run build): they get the shell",
    );
    return undefined;
  }
  const frames = new Map<ServerRenderedMemberPage, Frame>();
  for (const [page, file] of Object.entries(memberPageFrames) as [ServerRenderedMemberPage, string][]) {
    const found = path.join(distDir, "prerendered", file);
    if (fs.existsSync(found)) frames.set(page, frameFrom(fs.readFileSync(found, "utf8")));
  }
  let renderer: Promise<MemberHomeRenderer> | undefined;
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererPath).href) as Promise<MemberHomeRenderer>;
    return renderer;
  };
  // Loaded once the server listens (about 0.4 s of work): the first member after a start or a deploy
  // would otherwise wait for it. A renderer that fails to load is reported here and on each render.
  app.addHook("onListen", async () => {
    loadRenderer().catch((error: unknown) =>
      app.log.error({ err: error }, "the member-home renderer failed to load"),
    );
  });
  // Every reason shows in /metrics from the start, at 0.
  for (const reason of fallbackReasons) sources.fallbacks.inc({ reason }, 0);
  const { rendersAtOnce, waitingAtMost } = sources.queue ?? defaultQueueLimits;
  const inTurn = pLimit(rendersAtOnce);
  let admitted = 0;

  function fallBack(request: FastifyRequest, reason: FallbackReason, error?: unknown): undefined {
    sources.fallbacks.inc({ reason });
    const line = `the member's home went out as the shell (${reason})`;
    if (reason === "failed") request.log.error({ err: error, reason }, line);
    else if (reason === "busy") request.log.warn({ reason, admitted }, line);
    else request.log.info({ reason }, line);
    return undefined;
  }

  async function renderInto(frame: Frame, request: FastifyRequest, path: ServerRenderedMemberPage) {
    const state = await stateFor(app, request, sources, path);
    if (!state) return fallBack(request, "signed-out");
    const language = deviceLanguageOf(request);
    const { renderMemberPage } = await loadRenderer();
    const body = await renderMemberPage(state, {
      language,
      storage: storageOf({ [languageCookieName]: language }),
    });
    const page = frame.html
      .replace('<html lang="en-GH">', `<html lang="${language === "en" ? "en-GH" : language}">`)
      .replace(memberHomeMarker, () => body)
      .replace("</body>", () => `${stateScript(state)}</body>`);
    return frame.withStylesFor(page);
  }

  return {
    async render(request, path) {
      const frame = frames.get(path);
      if (!frame) return undefined;
      if (admitted >= rendersAtOnce + waitingAtMost) return fallBack(request, "busy");
      admitted++;
      try {
        return await inTurn(() => renderInto(frame, request, path));
      } catch (error) {
        return fallBack(request, "failed", error);
      } finally {
        admitted--;
      }
    },
  };
}

/**
 * The member, the home's list and the page's first reads: the list from the service Discover's own
 * request is answered by, each read asked of the API with the member's own cookie, so it is exactly what
 * the app would have been answered, under the same checks.
 */
async function stateFor(
  app: FastifyInstance,
  request: FastifyRequest,
  { feed, now }: MemberHomeSources,
  path: ServerRenderedMemberPage,
): Promise<MemberHomeState | undefined> {
  const user = await currentUser(request);
  if (!user) return undefined;
  const reads = await readsOf(app, request, serverRenderedMemberPages[path]);
  if (!reads) return undefined;
  const discovery = path === "/" ? (await feed.page(user, "default", now())).cards() : [];
  return {
    member: toSessionUser(user),
    path,
    discovery: discovery.slice(0, discoverFirstCards),
    reads,
    dataSaver: dataSaverFor(request),
  };
}

/** The reads' answers by path; undefined when the session ended meanwhile. Any other refusal is an error. */
async function readsOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reads: readonly string[],
): Promise<Record<string, unknown> | undefined> {
  const answers = await Promise.all(
    reads.map((url) => app.inject({ method: "GET", url, headers: { cookie: request.headers.cookie ?? "" } })),
  );
  if (answers.some((answer) => answer.statusCode === 401)) return undefined;
  const refused = answers.findIndex((answer) => answer.statusCode !== 200);
  if (refused >= 0) throw new Error(`${reads[refused]} answered ${answers[refused]!.statusCode}`);
  return Object.fromEntries(reads.map((url, index) => [url, answers[index]!.json()]));
}

/** A page's frame, and its inline stylesheet cut down to what a rendered page's markup uses. */
interface Frame {
  html: string;
  withStylesFor(page: string): string;
}

function frameFrom(html: string): Frame {
  const inline = html.match(/<style>([\s\S]*?)<\/style>/);
  if (!inline) return { html, withStylesFor: (page) => page };
  const styles = firstScreenStyles(inline[1]!);
  return {
    html,
    withStylesFor: (page) => page.replace(inline[0], () => `<style>${styles.forPage(page)}</style>`),
  };
}

/** The device's own choice when it made one; otherwise the browser's Save-Data. */
function dataSaverFor(request: FastifyRequest): boolean {
  const chosen = request.cookies[dataSaverCookieName];
  if (chosen === "on" || chosen === "off") return chosen === "on";
  return request.headers["save-data"] === "on";
}

function deviceLanguageOf(request: FastifyRequest): Language {
  const chosen = request.cookies[languageCookieName];
  return isLanguage(chosen) ? chosen : "en";
}

/** The device's choices as its app would find them in local storage (the cookies carry the same names). */
function storageOf(choices: Record<string, string>): DeviceStorage {
  return { getItem: (key) => choices[key] ?? null };
}

/** JSON the page never runs (the CSP would refuse it anyway); `<` escaped so no text can end the element. */
export function stateScript(state: MemberHomeState): string {
  const json = JSON.stringify(state).replaceAll("<", "\\u003c");
  return `<script type="application/json" id="${memberHomeStateId}">${json}</script>`;
}
