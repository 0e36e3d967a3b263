import { CalendarDays, Crown, Film, Phone, QrCode } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { hasLaunched } from "../../shared/launch";
import { paths } from "../app/paths";
import { useToastsAtTop } from "../components/ui/use-toast";
import { SignupTabs } from "../features/coming-soon/signup-tabs";
import { LogoCarousel } from "../features/public/logo-carousel";
import { useT } from "../lib/i18n";

const features = [
  {
    icon: Film,
    title: "Curated Stories",
    text: "Short, swipeable stories from the best local brands in your city, picked for what you love.",
  },
  {
    icon: QrCode,
    title: "Loyalty Program",
    text: "QR check-ins at partner shops fill your stamp cards, and every visit counts towards monthly prize draws.",
  },
  {
    icon: Crown,
    title: `${brand.plusName} Elite`,
    text: "Earn XP with every discovery, unlock premium offers and compete for exclusive prizes.",
  },
] as const;

/** The pre-launch page (full page, no navigation): hero, partners, features, launch info and signup. */
export default function ComingSoonPage() {
  // The page ends with the business phone line, right under the thank-you screen: a toast at the bottom
  // would sit on it just when a business owner who signed up may want to call.
  useToastsAtTop();
  const t = useT();
  const launched = hasLaunched();
  const date = brand.launchDateLabel;
  // After the launch day nothing here says "coming soon" (docs/product-rules.md#launch-no-coming-soon-after).
  const eyebrow = t(launched ? "comingSoon.eyebrowLaunched" : "comingSoon.eyebrow");
  useEffect(() => {
    document.title = `${eyebrow} · ${brand.name}`;
  }, [eyebrow]);

  return (
    <div className="min-h-dvh bg-stone-50">
      <section className="bg-gradient-to-br from-stone-900 via-amber-900 to-amber-700 px-4 pb-14 pt-10 text-white">
        <div className="mx-auto max-w-3xl text-center">
          <Link to={paths.home} className="inline-flex items-center gap-2 text-lg font-extrabold">
            <img src="/favicon.svg" alt="" width={28} height={28} /> {brand.name}
          </Link>
          <p className="mt-8 text-sm font-semibold uppercase tracking-widest text-amber-300">{eyebrow}</p>
          <h1 className="mt-2 text-4xl font-black sm:text-5xl">{brand.heroTitle}</h1>
          <p className="mt-4 text-lg text-amber-50">
            {brand.name} {brand.pronunciation}: {brand.tagline}. Discover local brands, earn real rewards.
          </p>
        </div>
      </section>

      <LogoCarousel title={`Join ${brand.partnerClaim} premium partners`} />

      <section className="mx-auto grid max-w-5xl gap-4 px-4 py-8 sm:grid-cols-3" aria-label="Features">
        {features.map(({ icon: Icon, title, text }) => (
          <article key={title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
            <Icon className="size-7 text-amber-600" aria-hidden />
            <h2 className="mt-3 font-bold">{title}</h2>
            <p className="mt-1 text-sm text-stone-600">{text}</p>
          </article>
        ))}
      </section>

      <section className="mx-auto max-w-3xl px-4 py-4 text-center" aria-label="Launch">
        <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-4 py-2 font-semibold text-amber-900">
          <CalendarDays className="size-5" aria-hidden />{" "}
          {launched ? t("comingSoon.launched", { date }) : t("comingSoon.launchDate", { date })}
        </p>
        <p className="mt-3 text-stone-600">
          {t(launched ? "comingSoon.partnersLive" : "comingSoon.partnersReady", {
            partners: brand.partnerClaim,
          })}
        </p>
      </section>

      <section className="mx-auto max-w-3xl px-4 py-8" aria-labelledby="signup-title">
        <h2 id="signup-title" className="mb-4 text-center text-2xl font-extrabold">
          Get early access
        </h2>
        <SignupTabs />
      </section>

      <footer className="px-4 pb-10 text-center text-sm text-stone-600">
        <p>
          <Phone className="mr-1.5 inline size-4 align-[-0.125em]" aria-hidden />
          Business enquiries:{" "}
          <a
            href={`tel:${brand.supportPhone.replaceAll(" ", "")}`}
            className="font-semibold whitespace-nowrap text-amber-800"
          >
            {brand.supportPhone}
          </a>{" "}
          ({brand.supportPhoneHours})
        </p>
      </footer>
    </div>
  );
}
