import "./index.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/router";
import { ErrorBoundary } from "./components/error-fallback";
import { Toaster } from "./components/ui/toaster";
import { AuthProvider } from "./lib/auth";
import { GoogleSignInReturn } from "./lib/google-return";
import { createQueryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";

const queryClient = createQueryClient();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
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

registerServiceWorker();
