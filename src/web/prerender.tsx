import type { ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { SessionUser } from "../shared/contracts/session";
import type { Language } from "../shared/i18n/languages";
import { App } from "./app/app";
import { renderAssumingDataSaver } from "./lib/data-saver";
import { activateLanguage, loadAllScreenTexts } from "./lib/language";
import { type MemberHomeState, seedMemberHome } from "./lib/member-home";
import { createQueryClient } from "./lib/query-client";

/**
 * Server-side rendering of the signed-out pages at build time: `scripts/prerender.ts` writes
 * their HTML into the shell, so the first paint doesn't wait for the app's JavaScript. The browser then
 * adopts it (`main.tsx` hydrates the same tree).
 */
export async function renderSignedOutPage(url: string, language: Language): Promise<string> {
  await activateLanguage(language);
  await loadAllScreenTexts();
  const html = await render(url);
  // A part streamed behind an inline script would never show without JavaScript (or under our CSP).
  if (html.includes("<template")) throw new Error(`${url} was not rendered in one piece`);
  return html;
}

export type { MemberHomeState };

/**
 * A signed-in member's home (Discover) for one request, with their first cards and images in the HTML.
 * The device's storage is the caller's to set (`server/lib/member-home.ts`), and one render runs at a
 * time: the language and the storage are this module's, not the render's.
 */
export async function renderMemberHome(state: MemberHomeState, language: Language): Promise<string> {
  await activateLanguage(language);
  await loadAllScreenTexts();
  renderAssumingDataSaver(state.dataSaver);
  const queryClient = createQueryClient();
  seedMemberHome(queryClient, state);
  const html = await render("/", queryClient, state.member);
  if (html.includes("<template")) throw new Error("the member's home was not rendered in one piece");
  return html;
}

async function render(
  url: string,
  queryClient = createQueryClient(),
  member: SessionUser | undefined = undefined,
): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <App queryClient={queryClient} router={atUrl(url)} member={member} />,
    // Never split a long page into chunks joined by inline scripts: the whole page is written in order.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

function atUrl(url: string) {
  return ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
}
