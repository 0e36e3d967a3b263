import { type ComponentProps, type ComponentType, createElement, lazy } from "react";
import { Route, Routes } from "react-router";
import type { ServerRenderedMemberPage } from "../../shared/member-home";
import { appStylesReady } from "../lib/app-styles";
import { loadAllScreenTexts } from "../lib/language";
import HomePage from "../pages/home-page";
import { AppLayout, FullPageLayout } from "./layout/app-layout";
import { paths } from "./paths";

/**
 * A page's code, every screen's English texts (language.ts) and the app's styles before it renders.
 * Then it waits for the next task, so the page renders in a task of its own, apart from the top bar and
 * menus around it: two shorter tasks instead of one long one that a slow phone feels as a frozen screen.
 * `preload` fetches all that ahead: from then on the page renders at once, which is how the browser adopts
 * a page the server rendered (a page that suspended instead would be rebuilt by the first update).
 */
// biome-ignore lint/suspicious/noExplicitAny: as React.lazy itself, pages take any props
function lazyPage<Page extends ComponentType<any>>(load: () => Promise<{ default: Page }>) {
  let loaded: Page | undefined;
  const preload = () =>
    Promise.all([load(), loadAllScreenTexts(), appStylesReady()]).then(([page]) => {
      loaded = page.default;
      return page;
    });
  const Lazy = lazy(() => preload().then(inNextTask));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page when the module loads, as React.lazy's are
  function LazyPage(props: ComponentProps<Page>) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return Object.assign(LazyPage, { preload });
}

function inNextTask<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value)));
}

// Every route but the home page is its own chunk, so the first screen downloads only what it shows.
const FeaturesPage = lazyPage(() => import("../pages/features-page"));
const FaqPage = lazyPage(() => import("../pages/faq-page"));
const HowItWorksPage = lazyPage(() => import("../pages/how-it-works-page"));
const BusinessPage = lazyPage(() => import("../pages/business-page"));
const MerchantPitchPage = lazyPage(() => import("../pages/merchant-pitch-page"));
const PrivacyPage = lazyPage(() => import("../pages/privacy-page"));
const TermsPage = lazyPage(() => import("../pages/terms-page"));
const EarlyAccessPage = lazyPage(() => import("../pages/early-access-page"));
const ComingSoonPage = lazyPage(() => import("../pages/coming-soon-page"));
const NotFoundPage = lazyPage(() => import("../pages/not-found-page"));
const WatchPage = lazyPage(() => import("../pages/watch-page"));
const LoginPage = lazyPage(() => import("../pages/login-page"));
const RegisterPage = lazyPage(() => import("../pages/register-page"));
const OnboardingPage = lazyPage(() => import("../pages/onboarding-page"));
const ProfilePage = lazyPage(() => import("../pages/profile-page"));
const RewardsPage = lazyPage(() => import("../pages/rewards-page"));
const CompanyPage = lazyPage(() => import("../pages/company-page"));
const CompanyDashboardPage = lazyPage(() => import("../pages/company-dashboard-page"));
const SubscriptionDetailsPage = lazyPage(() => import("../pages/subscription-details-page"));
const AdminPage = lazyPage(() => import("../pages/admin-page"));
const AdminOAuthConfigPage = lazyPage(() => import("../pages/admin-oauth-config-page"));
const AdminAntiCheatPage = lazyPage(() => import("../pages/admin-anti-cheat-page"));
const AdminUssdPage = lazyPage(() => import("../pages/admin-ussd-page"));
const UssdSimulatorPage = lazyPage(() => import("../pages/ussd-simulator-page"));
const MobileWatchPage = lazyPage(() => import("../pages/mobile-watch-page"));
const MomentsPage = lazyPage(() => import("../pages/moments-page"));
const AnalyticsPage = lazyPage(() => import("../pages/analytics-page"));
const LoyaltyDashboardPage = lazyPage(() => import("../pages/loyalty-dashboard-page"));
const QrScannerPage = lazyPage(() => import("../pages/qr-scanner-page"));
const MerchantLoginPage = lazyPage(() => import("../pages/merchant-login-page"));
const MerchantPage = lazyPage(() => import("../pages/merchant-page"));
const MerchantScannerPage = lazyPage(() => import("../pages/merchant-scanner-page"));
const MerchantDashboardPage = lazyPage(() => import("../pages/merchant-dashboard-page"));
const VendorScanPage = lazyPage(() => import("../pages/vendor-scan-page"));
const AnigyePlusPage = lazyPage(() => import("../pages/anigye-plus-page"));
const SubscriptionPage = lazyPage(() => import("../pages/subscription-page"));
const PaymentReceiptPage = lazyPage(() => import("../pages/payment-receipt-page"));
const PlacePage = lazyPage(() => import("../pages/place-page"));
const DrawPage = lazyPage(() => import("../pages/draw-page"));
const NotificationsPage = lazyPage(() => import("../pages/notifications-page"));
const LeaderboardPage = lazyPage(() => import("../pages/leaderboard-page"));
const RewardsTestPage = lazyPage(() => import("../pages/rewards-test-page"));

/**
 * The code a page the server rendered for a member needs before the browser adopts it (`main.tsx`): with
 * it here, the page hydrates as it came instead of suspending and being rebuilt by the first update.
 */
export const codeOfServerRenderedPage: Record<ServerRenderedMemberPage, () => Promise<unknown>> = {
  "/": () => import("../features/discover/discover-view"),
  "/rewards": RewardsPage.preload,
};

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<FullPageLayout />}>
        <Route path={paths.comingSoon} element={<ComingSoonPage />} />
        <Route path={paths.company} element={<CompanyPage />} />
        <Route path={paths.companyDashboard} element={<CompanyDashboardPage />} />
        <Route path={paths.subscriptionDetails} element={<SubscriptionDetailsPage />} />
        <Route path={paths.admin} element={<AdminPage />} />
        <Route path={paths.adminOAuthConfig} element={<AdminOAuthConfigPage />} />
        <Route path={paths.adminAntiCheat} element={<AdminAntiCheatPage />} />
        <Route path={paths.adminUssd} element={<AdminUssdPage />} />
        <Route path={paths.mobileWatch} element={<MobileWatchPage />} />
        <Route path={paths.analytics} element={<AnalyticsPage />} />
        <Route path={paths.merchantLogin} element={<MerchantLoginPage />} />
        <Route path={paths.merchant} element={<MerchantPage />} />
        <Route path={paths.merchantScanner} element={<MerchantScannerPage />} />
        <Route path={paths.merchantDashboard} element={<MerchantDashboardPage />} />
        <Route path={paths.vendorScan} element={<VendorScanPage />} />
        <Route path={paths.payment} element={<PaymentReceiptPage />} />
      </Route>
      <Route element={<AppLayout />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.features} element={<FeaturesPage />} />
        <Route path={paths.faq} element={<FaqPage />} />
        <Route path={paths.howItWorks} element={<HowItWorksPage />} />
        <Route path={paths.business} element={<BusinessPage />} />
        <Route path={paths.merchantPitch} element={<MerchantPitchPage />} />
        <Route path={paths.privacy} element={<PrivacyPage />} />
        <Route path={paths.terms} element={<TermsPage />} />
        <Route path={paths.earlyAccess} element={<EarlyAccessPage />} />
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.register} element={<RegisterPage />} />
        <Route path={paths.onboarding} element={<OnboardingPage />} />
        <Route path={paths.profile} element={<ProfilePage />} />
        <Route path={paths.rewards} element={<RewardsPage />} />
        <Route path={paths.watch} element={<WatchPage />} />
        <Route path={paths.moments} element={<MomentsPage />} />
        <Route path={paths.loyaltyDashboard} element={<LoyaltyDashboardPage />} />
        <Route path={paths.qrScanner} element={<QrScannerPage />} />
        <Route path={paths.place} element={<PlacePage />} />
        <Route path={paths.plus} element={<AnigyePlusPage />} />
        <Route path={paths.subscription} element={<SubscriptionPage />} />
        <Route path={paths.draw} element={<DrawPage kind="monthly" />} />
        <Route path={paths.competition} element={<DrawPage kind="competition" />} />
        <Route path={paths.notifications} element={<NotificationsPage />} />
        <Route path={paths.leaderboard} element={<LeaderboardPage />} />
        <Route path={paths.rewardsTest} element={<RewardsTestPage />} />
        <Route path={paths.ussdSimulator} element={<UssdSimulatorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
