import type { ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { Language } from "../shared/i18n/languages";
import { App } from "./app/app";
import { activateLanguage, loadAllScreenTexts } from "./lib/language";
import { createQueryClient } from "./lib/query-client";

/**
 * Server-side rendering of the signed-out pages at build time (issue 15): `scripts/prerender.ts` writes
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

async function render(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <App queryClient={createQueryClient()} router={atUrl(url)} />,
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
