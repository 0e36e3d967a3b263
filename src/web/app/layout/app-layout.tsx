import { Suspense } from "react";
import { Outlet } from "react-router";
import { FirstRunLanguageChooser } from "../../components/language-choice";
import { PageSpinner } from "../../components/ui/page-spinner";
import { BottomNav } from "./bottom-nav";
import { InstallPrompt } from "./install-prompt";
import { TopNav } from "./top-nav";

/** Routes with top navigation, bottom navigation and the install prompt. */
export function AppLayout() {
  return (
    <div className="min-h-dvh bg-stone-50 pb-16">
      <TopNav />
      <FirstRunLanguageChooser />
      <main>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <InstallPrompt />
      <BottomNav />
    </div>
  );
}

/** Full-page routes: no main navigation. */
export function FullPageLayout() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
