import "./index.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/app";
import { countDataUsage } from "./lib/data-usage";
import { activateLanguage, deviceLanguage, rememberDeviceLanguage } from "./lib/language";
import { createQueryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";

const queryClient = createQueryClient();

/**
 * Signed-out pages arrive pre-rendered (scripts/prerender.ts): the browser adopts that HTML (hydration)
 * instead of building it again. Other pages arrive as an empty shell and render here. Either way as a
 * transition: React works in slices of a few milliseconds, so a slow phone stays responsive to taps.
 */
function renderApp() {
  const container = document.getElementById("root")!;
  const app = <App queryClient={queryClient} router={BrowserRouter} />;
  startTransition(() => {
    if (container.firstElementChild) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

const chosenLanguage = deviceLanguage();
// Devices that chose before the language cookie existed get it now (the server pre-renders by it).
if (chosenLanguage) rememberDeviceLanguage(chosenLanguage);

// A device that chose Twi paints Twi from the first frame (its catalog is small and cached offline). Not a
// top-level await: that splits the first download into dozens of small chunks.
void activateLanguage(chosenLanguage ?? "en")
  .catch(() => undefined)
  .then(renderApp);

registerServiceWorker();
countDataUsage();
