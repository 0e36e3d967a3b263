import { lazy } from "react";
import { Route, Routes } from "react-router";
import HomePage from "../pages/home-page";
import { AppLayout, FullPageLayout } from "./layout/app-layout";
import { paths } from "./paths";

// Every route but the home page is its own chunk, so the first screen downloads only what it shows.
const FeaturesPage = lazy(() => import("../pages/features-page"));
const FaqPage = lazy(() => import("../pages/faq-page"));
const HowItWorksPage = lazy(() => import("../pages/how-it-works-page"));
const BusinessPage = lazy(() => import("../pages/business-page"));
const MerchantPitchPage = lazy(() => import("../pages/merchant-pitch-page"));
const PrivacyPage = lazy(() => import("../pages/privacy-page"));
const TermsPage = lazy(() => import("../pages/terms-page"));
const EarlyAccessPage = lazy(() => import("../pages/early-access-page"));
const ComingSoonPage = lazy(() => import("../pages/coming-soon-page"));
const NotFoundPage = lazy(() => import("../pages/not-found-page"));
const WatchPage = lazy(() => import("../pages/watch-page"));
const LoginPage = lazy(() => import("../pages/login-page"));
const RegisterPage = lazy(() => import("../pages/register-page"));
const OnboardingPage = lazy(() => import("../pages/onboarding-page"));
const ProfilePage = lazy(() => import("../pages/profile-page"));
const RewardsPage = lazy(() => import("../pages/rewards-page"));
const CompanyPage = lazy(() => import("../pages/company-page"));
const CompanyDashboardPage = lazy(() => import("../pages/company-dashboard-page"));
const SubscriptionDetailsPage = lazy(() => import("../pages/subscription-details-page"));
const AdminPage = lazy(() => import("../pages/admin-page"));
const AdminOAuthConfigPage = lazy(() => import("../pages/admin-oauth-config-page"));
const AdminAntiCheatPage = lazy(() => import("../pages/admin-anti-cheat-page"));
const MobileWatchPage = lazy(() => import("../pages/mobile-watch-page"));
const MomentsPage = lazy(() => import("../pages/moments-page"));
const AnalyticsPage = lazy(() => import("../pages/analytics-page"));
const LoyaltyDashboardPage = lazy(() => import("../pages/loyalty-dashboard-page"));
const QrScannerPage = lazy(() => import("../pages/qr-scanner-page"));
const MerchantLoginPage = lazy(() => import("../pages/merchant-login-page"));
const MerchantPage = lazy(() => import("../pages/merchant-page"));
const MerchantScannerPage = lazy(() => import("../pages/merchant-scanner-page"));
const MerchantDashboardPage = lazy(() => import("../pages/merchant-dashboard-page"));
const VendorScanPage = lazy(() => import("../pages/vendor-scan-page"));
const AnigyePlusPage = lazy(() => import("../pages/anigye-plus-page"));
const SubscriptionPage = lazy(() => import("../pages/subscription-page"));
const PaymentReceiptPage = lazy(() => import("../pages/payment-receipt-page"));
const PlacePage = lazy(() => import("../pages/place-page"));
const DrawPage = lazy(() => import("../pages/draw-page"));
const NotificationsPage = lazy(() => import("../pages/notifications-page"));
const LeaderboardPage = lazy(() => import("../pages/leaderboard-page"));
const RewardsTestPage = lazy(() => import("../pages/rewards-test-page"));

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
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
