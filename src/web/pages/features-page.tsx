import { Gift, QrCode, Store, Trophy } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { formatCedis } from "../../shared/money";
import { tierIds, tierLabel, tierThresholds } from "../../shared/tiers";
import { contentPageTitles } from "../app/content-page-titles";
import { paths } from "../app/paths";
import { CallToAction, ContentPage, ContentSection } from "../components/content-page";

/** Anigye+ monthly price in pesewas (a platform setting: docs/product-rules.md#payments-anigye-plus). */
const plusPricePesewas = 20_00;

const rewardTypes = [
  {
    name: "Discounts",
    text: "A discount code for the business whose ad you watched. Show it at the counter or use it online.",
  },
  {
    name: "XP",
    text: "Experience points that count towards your tier. Each ad sets its own amount.",
  },
  {
    name: "Badges",
    text: "Collectable badges for your profile that show which local brands you have discovered.",
  },
  {
    name: "Experiences",
    text: "Exclusive content that unlocks after you watch, such as a recipe or a behind-the-scenes story.",
  },
  {
    name: "Prize entries",
    text: "An entry in this month's prize draw, straight from the ad.",
  },
] as const;

const tierDrawBonus: Record<(typeof tierIds)[number], number> = {
  bronze: 0,
  silver: 1,
  gold: 2,
  diamond: 3,
};

export default function FeaturesPage() {
  useEffect(() => {
    document.title = contentPageTitles.features;
  }, []);

  return (
    <ContentPage
      eyebrow={brand.tagline}
      title={`What you get with ${brand.name}`}
      lead={`${brand.name} (${brand.meaning}) turns the ads of local Ghanaian businesses into something worth your time: watch a short story, discover a shop near you, and earn rewards you can use at the counter.`}
    >
      <ContentSection title="Short, story-style ads">
        <p>
          Ads on {brand.name} are short stories from local businesses: a chop bar showing today's special, a
          salon showing a new style, a phone shop with a new arrival. Each one is an image or a short video
          that fills your screen and lasts between 5 seconds and 2 minutes.
        </p>
        <p>
          Watch an ad in real time to the end (or at least the part the ad asks for, usually 80%) and its
          reward is yours. Each ad rewards you once. Videos only load when you tap to play, so browsing stays
          light on data.
        </p>
      </ContentSection>

      <ContentSection title="Five kinds of rewards">
        <ul className="grid gap-3 sm:grid-cols-2">
          {rewardTypes.map((reward) => (
            <li key={reward.name} className="rounded-2xl border border-stone-200 bg-white p-4">
              <p className="font-semibold text-stone-900">{reward.name}</p>
              <p className="mt-1 text-sm text-stone-600">{reward.text}</p>
            </li>
          ))}
        </ul>
        <p>
          A reward lasts until the ad's expiry date, or 30 days after you earn it if the ad has none. Your
          rewards wait for you in{" "}
          <Link to={paths.rewards} className="font-medium text-amber-700 underline">
            My Rewards
          </Link>
          .
        </p>
      </ContentSection>

      <ContentSection title="Tiers: climb from Bronze to Diamond">
        <p>
          You earn XP as you go: you start with a 100 XP sign-in bonus when your account is activated, and you
          earn more by watching ads, collecting loyalty stamps, redeeming rewards, sharing discoveries and
          inviting friends. Your tier follows your lifetime XP and never drops.
        </p>
        <ol className="grid gap-3 sm:grid-cols-2">
          {tierIds.map((tier) => (
            <li
              key={tier}
              className="flex items-center justify-between rounded-2xl border border-stone-200 bg-white p-4"
            >
              <span className="font-semibold text-stone-900">{tierLabel(tier)}</span>
              <span className="text-sm text-stone-600">
                {tierThresholds[tier] === 0
                  ? "From your first day"
                  : `${tierThresholds[tier].toLocaleString("en-GH")} XP`}
              </span>
            </li>
          ))}
        </ol>
        <p>
          Higher tiers give you extra entries in the monthly prize draw, and some ads are reserved for higher
          tiers.
        </p>
      </ContentSection>

      <ContentSection title="Loyalty stamp cards">
        <div className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4">
          <QrCode aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-600" />
          <p className="text-stone-700">
            Your loyalty card is a personal QR code in the app. It changes every 30 seconds, so a screenshot
            cannot be copied and used by someone else.
          </p>
        </div>
        <p>
          When you buy from a partner business, staff scan your code and you get a stamp. Most cards need 10
          visits; the business sets the number, the reward and any minimum spend. One stamp per business per
          day. When the card is full, its reward unlocks for your next visit and a fresh card starts.
        </p>
        <p>
          Some businesses also give points with a purchase: 1 to 100 points each time, up to 100 points a day
          in all. Every 100 points gives you an extra entry in the monthly draw.
        </p>
      </ContentSection>

      <ContentSection title="Monthly prize draws">
        <div className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4">
          <Trophy aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-600" />
          <p className="text-stone-700">
            Every active member with at least one entry is in the draw. You can hold up to 10 entries a month.
          </p>
        </div>
        <p>You collect entries from:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>ads whose reward is a prize entry;</li>
          <li>each completed loyalty stamp card;</li>
          <li>every 100 points businesses give you;</li>
          <li>
            your tier:{" "}
            {tierIds
              .filter((tier) => tierDrawBonus[tier] > 0)
              .map((tier) => `${tierLabel(tier)} +${tierDrawBonus[tier]}`)
              .join(", ")}
            .
          </li>
        </ul>
        <p>
          The draws are provably fair. When a draw opens we publish a fingerprint (a SHA-256 hash) of a secret
          number. At the draw we reveal that number, and the winner follows from it and the list of entries by
          a published rule, so anyone can check the result. Read more in the{" "}
          <Link to={paths.faq} className="font-medium text-amber-700 underline">
            FAQ
          </Link>
          .
        </p>
      </ContentSection>

      <ContentSection title={brand.plusName}>
        <div className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4">
          <Gift aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-600" />
          <p className="text-stone-700">
            {brand.plusName} costs {formatCedis(plusPricePesewas)} a month, paid by mobile money. Each payment
            covers 30 days.
          </p>
        </div>
        <ul className="list-disc space-y-1 pl-5">
          <li>Premium ads that only {brand.plusName} members can watch, with their own rewards.</li>
          <li>
            Entry to monthly competitions. To qualify in a month you need the competition's minimum tier, 3
            validated redemptions and 2 verified social shares.
          </li>
        </ul>
        <p>
          Everything else on {brand.name} is free.{" "}
          <Link to={paths.plus} className="font-medium text-amber-700 underline">
            See {brand.plusName}
          </Link>
          .
        </p>
      </ContentSection>

      <ContentSection title="For businesses">
        <div className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4">
          <Store aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-600" />
          <p className="text-stone-700">
            Local businesses pay a monthly plan by mobile money, from {formatCedis(100_00)} a month.
          </p>
        </div>
        <ul className="list-disc space-y-1 pl-5">
          <li>Image and video ads in the discovery feed, where people come looking for local brands.</li>
          <li>Rewards you choose: discount codes, exclusive content, badges or prize entries.</li>
          <li>A digital loyalty stamp card, so you no longer print paper cards.</li>
          <li>A monthly allowance of points to give customers at the counter.</li>
          <li>
            Counter scanning on your shop's phone: staff scan a customer's QR code to stamp, give points or
            confirm a reward.
          </li>
          <li>
            Analytics that grow with your plan: views, impressions, and on higher plans click-through rate,
            completion rate, redemptions and CSV export.
          </li>
        </ul>
      </ContentSection>

      <CallToAction
        heading="Start discovering"
        text="Joining is free, and you get 100 XP as soon as your account is activated."
        primary={{ to: paths.register, label: "Join free" }}
        secondary={{ to: paths.business, label: "I run a business" }}
      />
    </ContentPage>
  );
}
