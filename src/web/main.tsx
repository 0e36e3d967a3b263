import "./index.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { brand } from "../shared/brand";
import { intlLocaleOf } from "../shared/i18n/languages";
import { App } from "./app/app";
import { codeOfServerRenderedPage } from "./app/router";
import { appStylesReady } from "./lib/app-styles";
import { rememberDataSaverChoice } from "./lib/data-saver";
import { countDataUsage } from "./lib/data-usage";
import { browserDevice } from "./lib/device";
import { rememberDeviceLanguage } from "./lib/device-language";
import { activateLanguage, deviceLanguage } from "./lib/language";
import { memberHomeStateInPage, seedMemberHome } from "./lib/member-home";
import { createQueryClient } from "./lib/query-client";
import { makeInstallable } from "./lib/service-worker";

const queryClient = createQueryClient();
// A member's home rendered on the server: the browser starts from what it was rendered from.
const memberHome = memberHomeStateInPage();
if (memberHome) seedMemberHome(queryClient, memberHome);
const device = { ...browserDevice, dataSaverAtFirstRender: memberHome?.dataSaver ?? false };

/**
 * Signed-out pages arrive pre-rendered (scripts/prerender.ts), a member's home and My Rewards rendered by
 * the server (server/lib/member-home.ts): the browser adopts that HTML (hydration) instead of building it again.
 * Other pages arrive as their route's shell and render here: the top bar and menus first, the page a task
 * later (router.tsx, lazyPage).
 */
function renderApp() {
  const container = document.getElementById("root")!;
  const app = (
    <App queryClient={queryClient} router={BrowserRouter} member={memberHome?.member} device={device} />
  );
  if (container.firstElementChild) {
    // React renders what differs from the server's HTML afresh; a difference is a bug, logged as an error
    // (the journeys fail on errors in the console).
    hydrateRoot(container, app, {
      onRecoverableError: (error, info) => console.error("Hydration recovered:", error, info.componentStack),
    });
  } else {
    const root = createRoot(container);
    // A transition: React renders the page in slices a tap can interrupt, not in one long task.
    startTransition(() => root.render(app));
  }
  // A route's shell says "Loading…" while the code downloads (scripts/route-shells.ts); the app is here.
  document.getElementById("app-loading")?.remove();
  // The server's home carries only the styles of what it rendered; what the live app adds (the rest of
  // the cards, dialogs, notices) needs the full stylesheet, switched on in a task of its own.
  if (memberHome) setTimeout(() => void appStylesReady());
}

const chosenLanguage = deviceLanguage();
// Devices that chose before the language cookie existed get it now (the server pre-renders by it).
if (chosenLanguage) rememberDeviceLanguage(chosenLanguage);
rememberDataSaverChoice();

// A device that chose Twi paints Twi from the first frame (its catalog is small and cached offline). Not a
// top-level await: that splits the first download into dozens of small chunks.
// A member's page from the server is adopted once its code is here: hydrating it while that code still
// loads would let the first update (the session check) rebuild the page instead of adopting it.
const pageCode = memberHome
  ? codeOfServerRenderedPage[memberHome.path]().catch(() => undefined)
  : Promise.resolve();
/**
 * A browser's first number or date formatter loads its locale and time-zone data: 50-130 ms on a
 * 4x-slowed CPU. The app makes its formatters on first use (`madeOnFirstUse`) and loads that data here,
 * in a task of its own, so neither the modules' start-up nor the first render carries it.
 */
function loadFormattingData() {
  new Intl.NumberFormat(intlLocaleOf[chosenLanguage ?? "en"]).format(0);
  new Intl.DateTimeFormat("en-GH", { timeZone: brand.timeZone }).format(0);
}

const inNextTask = () => new Promise((resolve) => setTimeout(resolve));

// Each step in a task of its own: run in one, the modules' start-up, the formatting data and the first
// render make a long task that a slow phone feels as a frozen screen.
void Promise.all([activateLanguage(chosenLanguage ?? "en").catch(() => undefined), pageCode])
  .then(inNextTask)
  .then(loadFormattingData)
  .then(inNextTask)
  .then(renderApp);

makeInstallable();
countDataUsage();
