import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import type { SessionUser } from "../../shared/contracts/session";
import { ErrorBoundary } from "../components/error-fallback";
import { Toaster } from "../components/ui/toaster";
import { AuthProvider } from "../lib/auth";
import { type Device, DeviceProvider } from "../lib/device";
import { GoogleSignInReturn } from "../lib/google-return";
import { FollowMemberLanguage } from "../lib/i18n";
import { ScrollToTopOnNavigate } from "../lib/scroll-to-top";
import { AppRoutes } from "./router";

/**
 * The whole app under a router: the browser's (`main.tsx`) or, when the signed-out pages are rendered at
 * build time, a static one (`prerender.tsx`). One tree for both, so the browser can adopt the
 * pre-rendered HTML as it is (hydration) instead of building it again.
 */
export function App({
  queryClient,
  router: Router,
  member,
  device,
}: {
  queryClient: QueryClient;
  router: RouterLike;
  /** The signed-in member a server-rendered page was for. */
  member?: SessionUser;
  /** The device rendered for: the browser, or on the server the one asking. */
  device: Device;
}) {
  return (
    <StrictMode>
      <DeviceProvider value={device}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider initialUser={member}>
            <FollowMemberLanguage />
            <GoogleSignInReturn />
            <Router>
              <ScrollToTopOnNavigate />
              <ErrorBoundary>
                <AppRoutes />
              </ErrorBoundary>
              <Toaster />
            </Router>
          </AuthProvider>
        </QueryClientProvider>
      </DeviceProvider>
    </StrictMode>
  );
}

type RouterLike = (props: { children: ReactNode }) => ReactNode;
