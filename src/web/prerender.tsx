import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { Language } from "../shared/i18n/languages";
import { AppRoutes } from "./app/router";
import { AuthProvider } from "./lib/auth";
import { activateLanguage } from "./lib/language";
import { createQueryClient } from "./lib/query-client";

/**
 * Server-side rendering of the signed-out pages at build time (issue 15): `scripts/prerender.ts` writes
 * their HTML into the shell, so the first paint doesn't wait for the app's JavaScript. The browser then
 * renders the same screen over it (`main.tsx`).
 */
export async function renderSignedOutPage(url: string, language: Language): Promise<string> {
  await activateLanguage(language);
  const html = await render(url);
  // A part streamed behind an inline script would never show without JavaScript (or under our CSP).
  if (html.includes("<template")) throw new Error(`${url} was not rendered in one piece`);
  return html;
}

async function render(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
    // Never split a long page into chunks joined by inline scripts: the whole page is written in order.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
