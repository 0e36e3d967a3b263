import type { ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { brand } from "../shared/brand";
import type { SessionUser } from "../shared/contracts/session";
import type { Language } from "../shared/i18n/languages";
import type { MemberHomeRenderer, MemberHomeState, RenderedFor } from "../shared/member-home";
import type { PrerenderedPage } from "../shared/prerendered-pages";
import { App } from "./app/app";
import { contentPageTitles } from "./app/content-page-titles";
import type { Device } from "./lib/device";
import { screenTextsIn } from "./lib/language";
import { seedMemberHome } from "./lib/member-home";
import { createQueryClient } from "./lib/query-client";
import { type SignedOutTexts, signedOutTextKeys, valuesFilledInThePage } from "./signed-out/page-texts";

/**
 * Server-side rendering of the signed-out pages at build time: `scripts/prerender.ts` writes their HTML
 * into the shell, so the first paint doesn't wait for the app's JavaScript. The browser then adopts it
 * (`main.tsx` hydrates the same tree).
 */
export async function renderSignedOutPage(url: string, renderedFor: RenderedFor): Promise<string> {
  const html = await render(url, await deviceOf(renderedFor, false));
  // A part streamed behind an inline script would never show without JavaScript (or under our CSP).
  if (html.includes("<template")) throw new Error(`${url} was not rendered in one piece`);
  return html;
}

/** A signed-out page's title, as the page sets it when the app shows it; the landing's is in the device's language. */
export async function signedOutPageTitle(page: PrerenderedPage, language: Language): Promise<string> {
  if (page !== "landing") return contentPageTitles[page];
  const texts = await screenTextsIn(language);
  return texts._("landing.title", { brand: brand.name, tagline: texts._("landing.tagline") });
}

/** The texts a signed-out page's own script shows, in one language (`signed-out/page-texts.ts`). */
export async function signedOutTextsIn(language: Language): Promise<SignedOutTexts> {
  const texts = await screenTextsIn(language);
  const values = { brand: brand.name, ...valuesFilledInThePage };
  return Object.fromEntries(signedOutTextKeys.map((key) => [key, texts._(key, values)])) as SignedOutTexts;
}

/**
 * A signed-in member's page (their home, Discover, or My Rewards) for one request, with what its first
 * screen shows in the HTML. Everything the render reads about the device comes in `renderedFor` and the
 * state, never from this module: renders for different devices run side by side.
 */
export const renderMemberPage: MemberHomeRenderer["renderMemberPage"] = async (
  state: MemberHomeState,
  renderedFor: RenderedFor,
): Promise<string> => {
  const queryClient = createQueryClient();
  seedMemberHome(queryClient, state);
  const device = await deviceOf(renderedFor, state.dataSaver);
  const html = await render(state.path, device, queryClient, state.member);
  if (html.includes("<template")) throw new Error(`${state.path} was not rendered in one piece`);
  return html;
};

async function deviceOf({ language, storage }: RenderedFor, dataSaver: boolean): Promise<Device> {
  return { i18n: await screenTextsIn(language), dataSaverAtFirstRender: dataSaver, storage };
}

async function render(
  url: string,
  device: Device,
  queryClient = createQueryClient(),
  member: SessionUser | undefined = undefined,
): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <App queryClient={queryClient} router={atUrl(url)} member={member} device={device} />,
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
