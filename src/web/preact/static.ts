import { Readable } from "node:stream";
import type { VNode } from "preact";
import { renderToStringAsync } from "preact-render-to-string";

/**
 * What the build puts where `react-dom/static` is imported (vite.config.ts aliases React to Preact): the
 * same `prerenderToNodeStream` shape, rendered by Preact's own server renderer, so the pre-rendered HTML is
 * exactly what the browser's Preact adopts. Lazy parts (Suspense) are awaited: the page comes whole.
 */
export async function prerenderToNodeStream(element: VNode, _options?: unknown) {
  const html = await renderToStringAsync(element);
  return { prelude: Readable.from([html]) };
}
