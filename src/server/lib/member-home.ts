import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isLanguage, type Language, languageCookieName } from "../../shared/i18n/languages";
import {
  dataSaverCookieName,
  discoveryPath,
  memberHomeMarker,
  memberHomeStateId,
} from "../../shared/prerendered-pages";

/** What `src/web/prerender.tsx` renders a member's home from (the browser adopts the same). */
interface MemberHomeState {
  member: { id: number };
  discovery: unknown[];
  dataSaver: boolean;
}

interface MemberHomeRenderer {
  renderMemberHome(state: MemberHomeState, language: Language): Promise<string>;
}

export interface MemberHomePages {
  /** The member's home with their first cards in it, or undefined when it can't be rendered now. */
  render(request: FastifyRequest): Promise<string | undefined>;
}

/**
 * A signed-in member's home (Discover) rendered on the server for each request: their first
 * cards and images are in the HTML, so the phone shows them before it has run any of the app's code.
 * Built by `npm run build` (the frame in `dist/prerendered/`, the renderer in `.prerender-build/`);
 * without them, or when a render fails, the member gets the plain shell as before.
 */
export function memberHomePages(app: FastifyInstance, distDir: string): MemberHomePages | undefined {
  const framePath = path.join(distDir, "prerendered", "member-home.frame.html");
  const rendererPath = path.resolve(distDir, "..", ".prerender-build", "prerender.js");
  if (!fs.existsSync(framePath) || !fs.existsSync(rendererPath)) return undefined;
  const frame = fs.readFileSync(framePath, "utf8");
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
  const oneAtATime = inTurn();

  return {
    async render(request) {
      // Renders run one at a time: when many members open their home at once, the later ones get the
      // shell (rendered by their phone) rather than wait in line.
      if (oneAtATime.waiting() >= maxWaitingRenders) return undefined;
      const state = await stateFor(app, request);
      if (!state) return undefined;
      const language = deviceLanguageOf(request);
      try {
        const { renderMemberHome } = await loadRenderer();
        const body = await oneAtATime(() =>
          asThisDevice({ [languageCookieName]: language }, () => renderMemberHome(state, language)),
        );
        return frame
          .replace('<html lang="en-GH">', `<html lang="${language === "en" ? "en-GH" : language}">`)
          .replace(memberHomeMarker, () => body)
          .replace("</body>", () => `${stateScript(state)}</body>`);
      } catch (error) {
        request.log.warn({ err: error }, "the member's home could not be rendered; sending the shell");
        return undefined;
      }
    },
  };
}

/** The member and their list, asked of the API itself so they are exactly what the app would get. */
async function stateFor(app: FastifyInstance, request: FastifyRequest): Promise<MemberHomeState | undefined> {
  const headers = {
    cookie: request.headers.cookie ?? "",
    "accept-language": request.headers["accept-language"] ?? "",
  };
  const [me, list] = await Promise.all([
    app.inject({ method: "GET", url: "/api/auth/me", headers }),
    app.inject({ method: "GET", url: discoveryPath, headers }),
  ]);
  if (me.statusCode !== 200 || list.statusCode !== 200) return undefined;
  const member = (me.json() as { user?: MemberHomeState["member"] }).user;
  const discovery = list.json() as unknown;
  if (!member || !Array.isArray(discovery)) return undefined;
  return { member, discovery, dataSaver: dataSaverFor(request) };
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

/** JSON the page never runs (the CSP would refuse it anyway); `<` escaped so no text can end the element. */
export function stateScript(state: MemberHomeState): string {
  const json = JSON.stringify(state).replaceAll("<", "\\u003c");
  return `<script type="application/json" id="${memberHomeStateId}">${json}</script>`;
}

/** About 25-40 ms each: more than this many waiting would cost a member more than their phone's render. */
const maxWaitingRenders = 4;

/** Runs tasks one after another: the renderer's language and storage are shared by its renders. */
export function inTurn() {
  let last: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const run = <T>(task: () => Promise<T>): Promise<T> => {
    waiting++;
    const next = last.then(task, task).finally(() => {
      waiting--;
    });
    last = next.catch(() => undefined);
    return next;
  };
  return Object.assign(run, { waiting: () => waiting });
}

/**
 * The app reads this device's choices from local storage while it renders; on the server, the device is
 * the one asking, as its cookies say. Safe because renders run one at a time.
 */
async function asThisDevice<T>(values: Record<string, string>, render: () => Promise<T>): Promise<T> {
  const global = globalThis as { localStorage?: unknown };
  const before = global.localStorage;
  global.localStorage = {
    getItem: (key: string) => values[key] ?? null,
    setItem: () => undefined,
    removeItem: () => undefined,
  };
  try {
    return await render();
  } finally {
    global.localStorage = before;
  }
}
