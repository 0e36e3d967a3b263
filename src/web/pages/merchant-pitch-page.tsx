import { ScanLine } from "lucide-react";
import { useEffect } from "react";
import { brand } from "../../shared/brand";
import { formatCedis } from "../../shared/money";
import { type Plan, paidPeriodDays, planIds, plans } from "../../shared/plans";
import { contentPageTitles } from "../app/content-page-titles";
import { paths } from "../app/paths";
import { CallToAction, ContentPage, ContentSection } from "../components/content-page";

function adTypesText(adTypes: Plan["adTypes"]): string {
  return adTypes.map((type) => (type === "custom" ? "custom formats" : type)).join(", ");
}

const examples = [
  {
    shop: "A chop bar in Kumasi",
    idea: `Post a ${plans.starter.maxDurationSeconds}-second picture of today's waakye with a small discount for watching, and set the stamp card so the 10th plate is on the house.`,
  },
  {
    shop: "A salon in Accra",
    idea: `Show a new braiding style in a short video (up to ${plans.business.maxDurationSeconds} seconds on the ${plans.business.name} plan) and reward watchers with money off their first visit.`,
  },
  {
    shop: "A phone shop in Tamale",
    idea: "Give points with every accessory sold, so regular customers build up entries in the monthly prize draw and come back to you, not the shop next door.",
  },
  {
    shop: "A pharmacy in Cape Coast",
    idea: "Run a stamp card for regular customers and offer a discount on everyday items such as baby care, so families think of you first.",
  },
] as const;

const scanSteps = [
  "The customer opens their loyalty QR code in the app.",
  "Your staff member scans it with the shop's phone or tablet.",
  "The stamp, points or reward is recorded. Done.",
] as const;

export default function MerchantPitchPage() {
  useEffect(() => {
    document.title = contentPageTitles["merchant-pitch"];
  }, []);

  return (
    <ContentPage
      eyebrow="For shop owners"
      title="More customers, and the same customers more often"
      lead={`${brand.name} shows your ad to people who chose to watch it, gives them a reason to walk in, and stamps their card every time they come back. From ${formatCedis(plans.starter.pricePesewas)} a month.`}
    >
      <ContentSection title="It fits the way you already do business">
        <ul className="space-y-3">
          {examples.map((example) => (
            <li key={example.shop} className="rounded-2xl border border-stone-200 bg-white p-4">
              <p className="font-semibold text-stone-900">{example.shop}</p>
              <p className="mt-1 text-stone-700">{example.idea}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="What you pay, and what you get">
        <p>
          Prices are per month. You pay by MTN MoMo, Telecel Cash or AirtelTigo Money, {paidPeriodDays} days
          at a time.
        </p>
        <ul className="space-y-2">
          {planIds.map((id) => {
            const plan = plans[id];
            return (
              <li
                key={plan.id}
                className="flex flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-4 sm:flex-row sm:items-baseline sm:justify-between"
              >
                <span>
                  <span className="font-semibold text-stone-900">{plan.name}</span>
                  <span className="text-stone-600">
                    {" "}
                    · {plan.maxAds} {plan.maxAds === 1 ? "ad" : "ads"} ({adTypesText(plan.adTypes)}), up to{" "}
                    {plan.maxDurationSeconds} s each, {plan.monthlyPointsAllocation.toLocaleString("en-GH")}{" "}
                    points to give each month
                  </span>
                </span>
                <span className="font-bold whitespace-nowrap text-stone-900">
                  {formatCedis(plan.pricePesewas)}
                </span>
              </li>
            );
          })}
        </ul>
      </ContentSection>

      <ContentSection title="Counter scanning takes seconds">
        <div className="rounded-2xl border border-stone-200 bg-white p-5">
          <div className="flex items-center gap-2 font-semibold text-stone-900">
            <ScanLine aria-hidden="true" className="size-5 text-amber-600" />
            Three steps at the till
          </div>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-stone-700">
            {scanSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <p>
          No paper cards and no stamps to lose. The customer's code changes every 30 seconds, so nobody can
          stamp a card from a screenshot, and a customer gets one stamp a day at your shop. Every scan records
          which staff member did it and on which device, so you always know what happened at your counter.
        </p>
      </ContentSection>

      <ContentSection title="Getting started is done for you">
        <p>
          Tell us about your shop and the {brand.name} team creates your account and sends you a setup link.
          You choose a username and password, upload your picture or video, set your stamp card and add your
          staff. Questions? Call {brand.supportPhone} ({brand.supportPhoneHours}).
        </p>
      </ContentSection>

      <CallToAction
        heading="Put your shop on the map"
        text="Register your business today, or compare the plans in full first."
        primary={{ to: paths.earlyAccess, label: "Register your business" }}
        secondary={{ to: paths.business, label: "See plans and details" }}
      />
    </ContentPage>
  );
}
