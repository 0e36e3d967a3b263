import "./index.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/router";
import { ErrorBoundary } from "./components/error-fallback";
import { Toaster } from "./components/ui/toaster";
import { AuthProvider } from "./lib/auth";
import { countDataUsage } from "./lib/data-usage";
import { GoogleSignInReturn } from "./lib/google-return";
import { FollowMemberLanguage } from "./lib/i18n";
import { activateLanguage, deviceLanguage, rememberDeviceLanguage } from "./lib/language";
import { createQueryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";

const queryClient = createQueryClient();

// Signed-out pages arrive pre-rendered (scripts/prerender.ts); rendering replaces that HTML with the same
// screen, live. A device that chose Twi paints Twi from the first frame (its catalog is small and cached offline). Not a
// top-level await: that splits the first download into dozens of small chunks.
function renderApp() {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <FollowMemberLanguage />
          <GoogleSignInReturn />
          <BrowserRouter>
            <ErrorBoundary>
              <AppRoutes />
            </ErrorBoundary>
            <Toaster />
          </BrowserRouter>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

const chosenLanguage = deviceLanguage();
// Devices that chose before the language cookie existed get it now (the server pre-renders by it).
if (chosenLanguage) rememberDeviceLanguage(chosenLanguage);

void activateLanguage(chosenLanguage ?? "en")
  .catch(() => undefined)
  .then(renderApp);

registerServiceWorker();
countDataUsage();
