import { Gift, MapPin, PlayCircle } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { madeOnFirstUse } from "../../shared/made-on-first-use";
import { paths } from "../app/paths";
import { DiscoverPlaceholder } from "../features/discover/discover-skeleton";
import { LatestDrawLink } from "../features/draws/latest-draw-link";
import { usePublicStats } from "../features/public/api";
import { LogoCarousel } from "../features/public/logo-carousel";
import { useAuth } from "../lib/auth";
import { useT } from "../lib/i18n";
import type { UiKey } from "../lib/language";

// The signed-in home is its own chunk, so the landing a first-time visitor downloads stays small.
const DiscoverView = lazy(() => import("../features/discover/discover-view"));

const steps: { icon: typeof PlayCircle; title: UiKey; text: UiKey }[] = [
  { icon: PlayCircle, title: "landing.step1Title", text: "landing.step1Text" },
  { icon: MapPin, title: "landing.step2Title", text: "landing.step2Text" },
  { icon: Gift, title: "landing.step3Title", text: "landing.step3Text" },
];

const numberFormat = madeOnFirstUse(() => new Intl.NumberFormat("en-GH"));

function Counter({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className="rounded-2xl bg-white/10 px-5 py-3 text-center ring-1 ring-white/20">
      <p className="text-2xl font-extrabold tabular-nums" data-testid={testId}>
        {value === undefined ? "…" : numberFormat().format(value)}
      </p>
      <p className="text-xs uppercase tracking-wide text-amber-100">{label}</p>
    </div>
  );
}

/** The signed-out home: the marketing landing. */
function Landing() {
  const { data: stats } = usePublicStats();
  const t = useT();
  const tagline = t("landing.tagline");

  useEffect(() => {
    document.title = t("landing.title", { brand: brand.name, tagline });
  }, [t, tagline]);

  return (
    <div>
      <LogoCarousel />

      <section className="bg-gradient-to-br from-amber-600 via-amber-700 to-orange-800 px-4 py-14 text-white">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-black leading-tight sm:text-6xl">{t("landing.heroTitle")}</h1>
          <p className="mt-4 text-lg text-amber-50">
            <strong>{brand.name}</strong> <span className="text-amber-200">{brand.pronunciation}</span>{" "}
            {tagline}
          </p>
          <div className="mt-8 flex justify-center gap-4">
            <Counter label={t("landing.explorers")} value={stats?.totalUsers} testId="stat-users" />
            <Counter label={t("landing.localBrands")} value={stats?.totalCompanies} testId="stat-companies" />
          </div>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to={paths.register}
              className="rounded-xl bg-white px-6 py-3 font-bold text-amber-800 shadow"
            >
              {t("landing.joinNow")}
            </Link>
            <Link to={paths.login} className="rounded-xl px-6 py-3 font-bold text-white ring-2 ring-white/70">
              {t("landing.signIn")}
            </Link>
          </div>
          <p className="mt-5">
            <Link
              to={paths.rewardsTest}
              className="inline-flex items-center gap-2 font-semibold text-white underline underline-offset-4"
              data-testid="try-it"
            >
              <PlayCircle className="size-5" aria-hidden />
              {t("landing.tryIt")}
            </Link>
          </p>
          {/* Where the pre-rendered landing's own script puts the link (src/web/signed-out/landing.ts). */}
          <div data-slot="latest-draw">
            <LatestDrawLink className="mt-6 flex justify-center" />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 py-12" aria-labelledby="how-title">
        <h2 id="how-title" className="text-center text-2xl font-extrabold sm:text-3xl">
          {t("landing.howTitle")}
        </h2>
        <ol className="mt-8 grid gap-4 sm:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-amber-100 font-bold text-amber-800">
                  {index + 1}
                </span>
                <Icon className="size-5 text-amber-600" aria-hidden />
              </div>
              <h3 className="mt-3 font-bold">{t(title)}</h3>
              <p className="mt-1 text-sm text-stone-600">{t(text)}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 text-center">
          <Link
            to={paths.register}
            className="inline-block rounded-xl bg-amber-700 px-6 py-3 font-bold text-white"
          >
            {t("landing.startDiscovering")}
          </Link>
        </div>
      </section>

      <section className="bg-stone-900 px-4 py-12 text-center text-white">
        <h2 className="text-2xl font-extrabold">{t("landing.closingTitle")}</h2>
        <p className="mt-2 text-stone-300">{t("landing.closingText")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.register} className="rounded-xl bg-amber-500 px-6 py-3 font-bold text-stone-900">
            {t("landing.joinFree")}
          </Link>
          <Link to={paths.business} className="rounded-xl px-6 py-3 font-bold ring-2 ring-white/60">
            {t("landing.business")}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** `/` has two modes: Discover when signed in, the marketing landing when signed out. */
export default function HomePage() {
  const { user } = useAuth();
  if (!user) return <Landing />;
  return (
    <Suspense fallback={<DiscoverPlaceholder />}>
      <DiscoverView />
    </Suspense>
  );
}
