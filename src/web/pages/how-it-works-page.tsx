import { type LucideIcon, Play, QrCode, Trophy } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { tierIds, tierLabel, tierThresholds } from "../../shared/tiers";
import { contentPageTitles } from "../app/content-page-titles";
import { paths } from "../app/paths";
import { CallToAction, ContentPage, ContentSection } from "../components/content-page";

const linkClass = "font-medium text-amber-700 underline";

interface Step {
  number: number;
  title: string;
  summary: string;
  icon: LucideIcon;
  details: ReactNode;
}

const steps: Step[] = [
  {
    number: 1,
    title: "Watch & Discover",
    summary: "Short ads from local businesses, with a reward at the end.",
    icon: Play,
    details: (
      <>
        <p>
          Open the discovery feed and browse ads from businesses around you: food, fashion and beauty, phones
          and electronics, health, events and more. Search by name or filter by category to find what you
          like.
        </p>
        <p>
          Each ad is an image or a short video, between 5 seconds and 2 minutes long, with its own reward.
          Watch it in real time until you reach the part it asks for, usually 80%. Skipping ahead or speeding
          it up does not count.
        </p>
        <p>
          The reward goes straight to{" "}
          <Link to={paths.rewards} className={linkClass}>
            My Rewards
          </Link>
          : a discount code, XP, a badge, exclusive content or an entry in the monthly draw. Each ad rewards
          you once.
        </p>
      </>
    ),
  },
  {
    number: 2,
    title: "Visit & Build Loyalty",
    summary: "Use your rewards in the shop and collect stamps on every visit.",
    icon: QrCode,
    details: (
      <>
        <p>
          Visit the business and show the reward's QR code at the counter. Staff scan it with the shop's
          device and the discount is applied. The code works once and only for a short time, so open it when
          you are ready to pay.
        </p>
        <p>
          Partner businesses also run digital stamp cards. Your personal loyalty QR code changes every 30
          seconds, so nobody can use a screenshot of it. Each time you buy, staff scan it and you get a stamp
          (one per business per day; some businesses set a minimum spend). Most cards need 10 visits. A full
          card unlocks the business's reward for your next visit and a new card starts.
        </p>
        <p>
          Some businesses give points with a purchase too: 1 to 100 points each time, up to 100 points a day.
        </p>
      </>
    ),
  },
  {
    number: 3,
    title: "Earn & Win Prizes",
    summary: "XP lifts your tier; entries put you in the monthly draw.",
    icon: Trophy,
    details: (
      <>
        <p>
          You earn XP as you go. You start with a 100 XP sign-in bonus when your account is activated, then
          earn more from ads, stamps, redeemed rewards, verified shares and friends you invite. Your XP
          decides your tier.
        </p>
        <p>
          Every month there is a prize draw. Every active member with at least one entry takes part. Entries
          come from prize-entry rewards, each completed stamp card, every 100 points, and your tier (Silver
          +1, Gold +2, Diamond +3), up to 10 entries a month.
        </p>
        <p>
          The draw is provably fair: when it opens we publish a SHA-256 hash of a secret seed, and at the draw
          we reveal the seed so anyone can check that the winner follows from it and the list of entries.{" "}
          {brand.plusName} members can also enter monthly competitions.
        </p>
      </>
    ),
  },
];

export default function HowItWorksPage() {
  useEffect(() => {
    document.title = contentPageTitles["how-it-works"];
  }, []);

  return (
    <ContentPage
      eyebrow={brand.tagline}
      title="How Discovery & Loyalty Works"
      lead="Three steps: watch short ads from local businesses, use your rewards when you visit, and let your loyalty add up to XP, tiers and monthly prizes."
    >
      <ol className="space-y-6">
        {steps.map((step) => {
          const Icon = step.icon;
          return (
            <li key={step.number} className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
              <div className="flex items-start gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-500 text-lg font-bold text-stone-900"
                >
                  {step.number}
                </span>
                <div>
                  <h2 className="flex items-center gap-2 text-xl font-bold tracking-tight text-stone-900">
                    <span className="sr-only">Step {step.number}: </span>
                    {step.title}
                    <Icon aria-hidden="true" className="size-5 text-amber-600" />
                  </h2>
                  <p className="mt-1 font-medium text-stone-600">{step.summary}</p>
                </div>
              </div>
              <div className="mt-4 space-y-3 leading-relaxed text-stone-700">{step.details}</div>
            </li>
          );
        })}
      </ol>

      <ContentSection title="The tier ladder">
        <p>
          Your tier follows your lifetime XP and never drops. Each step up adds to your monthly draw entries.
        </p>
        <ol className="space-y-2">
          {tierIds.map((tier, index) => (
            <li
              key={tier}
              className="flex items-center justify-between rounded-2xl border border-stone-200 bg-white px-4 py-3"
            >
              <span className="font-semibold text-stone-900">
                <span className="mr-2 text-sm text-stone-500">{index + 1}.</span>
                {tierLabel(tier)}
              </span>
              <span className="text-sm text-stone-600">
                {tierThresholds[tier] === 0
                  ? "Where everyone starts"
                  : `${tierThresholds[tier].toLocaleString("en-GH")} XP`}
              </span>
            </li>
          ))}
        </ol>
      </ContentSection>

      <CallToAction
        heading="Ready to discover?"
        text="Create a free account, verify your email and collect your 100 XP sign-in bonus."
        primary={{ to: paths.register, label: "Start Discovering" }}
        secondary={{ to: paths.faq, label: "Read the FAQ" }}
      />
    </ContentPage>
  );
}
