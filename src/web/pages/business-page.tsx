import { Check, Phone, Smartphone } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { formatCedis } from "../../shared/money";
import { minAdDurationSeconds, type Plan, paidPeriodDays, planIds, plans } from "../../shared/plans";
import { contentPageTitles } from "../app/content-page-titles";
import { paths } from "../app/paths";
import { CallToAction, ContentPage, ContentSection } from "../components/content-page";

const linkClass = "font-medium text-amber-700 underline";

const adTypeLabels: Record<Plan["adTypes"][number], string> = {
  image: "Image",
  video: "Video",
  custom: "Custom formats",
};

function adTypesText(plan: Plan): string {
  return plan.adTypes.map((type) => adTypeLabels[type]).join(", ");
}

function durationText(plan: Plan): string {
  return `Up to ${plan.maxDurationSeconds} s`;
}

const planList = planIds.map((id) => plans[id]);
const cheapestPlan = planList.reduce((low, plan) => (plan.pricePesewas < low.pricePesewas ? plan : low));

const setupSteps = [
  {
    title: "We create your account",
    text: `Tell us about your business. The ${brand.name} team sets up your business account and sends you a setup link.`,
  },
  {
    title: "Set your username and password",
    text: "Open the link, choose a username and a password (at least 6 characters). You can also switch on a one-time code for extra sign-in security.",
  },
  {
    title: "Upload your ad",
    text: `Upload an image or a video ad (video on the Business plan and above), from ${minAdDurationSeconds} seconds up to your plan's maximum. Choose the reward viewers earn, such as a discount code.`,
  },
  {
    title: "Run a stamp card",
    text: "Name your loyalty programme, choose how many visits fill a card (10 unless you change it), the reward for a full card and, if you like, a minimum spend.",
  },
  {
    title: "Scan at the counter",
    text: "Create a login for each member of staff (a name and a PIN) on the shop's phone or tablet. Staff scan the customer's QR code to add a stamp, give points or confirm a reward. Every scan records who did it and on which device.",
  },
] as const;

export default function BusinessPage() {
  useEffect(() => {
    document.title = contentPageTitles.business;
  }, []);

  const supportTel = `tel:${brand.supportPhone.replace(/\s+/g, "")}`;

  return (
    <ContentPage
      eyebrow="For businesses"
      title={`Bring new customers through your door with ${brand.name}`}
      lead={`Show a short ad to people in ${brand.country} who are looking for local places to eat, shop and relax, reward them for watching, and keep them coming back with a digital stamp card. Plans start at ${formatCedis(cheapestPlan.pricePesewas)} a month, paid by mobile money.`}
    >
      <ContentSection title={`Why advertise on ${brand.name}`}>
        <ul className="space-y-2">
          {[
            "People choose to watch your ad because it carries a reward, so they actually see it.",
            "Rewards are used at your counter, so you see who comes in because of the ad.",
            "A digital stamp card replaces paper cards that get lost, and a screenshot cannot be used to cheat it.",
            "You decide the reward: a discount, exclusive content, a badge or an entry in the monthly prize draw.",
            "You can cap redemptions per day, per week and in total, so a popular offer never runs away from you.",
            "Each plan includes a monthly allowance of points to give loyal customers at the counter.",
          ].map((reason) => (
            <li key={reason} className="flex gap-3">
              <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-amber-600" />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="Plans" id="plans">
        <p>
          Every plan is paid for {paidPeriodDays} days at a time. A new business starts on the{" "}
          {plans.starter.name} plan.
        </p>

        {/* Small screens: one card per plan. */}
        <ul className="grid gap-3 md:hidden">
          {planList.map((plan) => (
            <li key={plan.id} className="rounded-2xl border border-stone-200 bg-white p-5">
              <div className="flex items-baseline justify-between gap-3">
                <h3 className="text-lg font-bold text-stone-900">{plan.name}</h3>
                <p className="text-right">
                  <span className="text-lg font-bold text-stone-900">{formatCedis(plan.pricePesewas)}</span>
                  <span className="text-sm text-stone-500"> / month</span>
                </p>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                <dt className="text-stone-500">Ads</dt>
                <dd className="text-stone-900">{plan.maxAds}</dd>
                <dt className="text-stone-500">Ad types</dt>
                <dd className="text-stone-900">{adTypesText(plan)}</dd>
                <dt className="text-stone-500">Ad length</dt>
                <dd className="text-stone-900">{durationText(plan)}</dd>
                <dt className="text-stone-500">Points per month</dt>
                <dd className="text-stone-900">{plan.monthlyPointsAllocation.toLocaleString("en-GH")}</dd>
              </dl>
              <ul className="mt-3 space-y-1 text-sm text-stone-700">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>

        {/* Wider screens: a comparison table. */}
        <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white md:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{brand.name} business plans</caption>
            <thead className="bg-stone-100 text-stone-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Plan
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Price / month
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Ads
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Ad types
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Ad length
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Points / month
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Features
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {planList.map((plan) => (
                <tr key={plan.id} className="align-top">
                  <th scope="row" className="px-4 py-3 font-bold text-stone-900">
                    {plan.name}
                  </th>
                  <td className="whitespace-nowrap px-4 py-3 font-semibold text-stone-900">
                    {formatCedis(plan.pricePesewas)}
                  </td>
                  <td className="px-4 py-3">{plan.maxAds}</td>
                  <td className="px-4 py-3">{adTypesText(plan)}</td>
                  <td className="whitespace-nowrap px-4 py-3">{durationText(plan)}</td>
                  <td className="px-4 py-3">{plan.monthlyPointsAllocation.toLocaleString("en-GH")}</td>
                  <td className="px-4 py-3">
                    <ul className="space-y-1">
                      {plan.features.map((feature) => (
                        <li key={feature}>{feature}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <p className="text-sm text-stone-600">
          Points are what your staff give customers with a purchase (1 to 100 per purchase; a customer can
          receive at most 100 points a day across all businesses). Your allowance resets on the 1st of each
          month, Accra time.
        </p>
      </ContentSection>

      <ContentSection title="How setup works">
        <ol className="space-y-3">
          {setupSteps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-500 font-bold text-stone-900"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-stone-900">{step.title}</h3>
                <p className="mt-1 text-stone-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection title="Paying by mobile money">
        <div className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4">
          <Smartphone aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-600" />
          <p className="text-stone-700">
            We accept MTN MoMo, Telecel Cash and AirtelTigo Money. Prices are in Ghana cedis.
          </p>
        </div>
        <p>
          Where online payment is available you approve the charge on your phone and your plan starts straight
          away. Otherwise you send the payment and enter the MoMo transaction reference and the number you
          paid from; our team checks it and activates your plan.
        </p>
        <p>
          Each payment covers {paidPeriodDays} days. If a plan lapses, your ads stop showing until you pay
          again, but your account is kept and you can renew whenever you are ready.
        </p>
      </ContentSection>

      <ContentSection title="Talk to us">
        <div className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4">
          <Phone aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-600" />
          <p className="text-stone-700">
            Business enquiries:{" "}
            <a href={supportTel} className={linkClass}>
              {brand.supportPhone}
            </a>{" "}
            ({brand.supportPhoneHours}), or email{" "}
            <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
              {brand.supportEmail}
            </a>
            .
          </p>
        </div>
        <p>
          Want the short version to show your partner or manager? Read{" "}
          <Link to={paths.merchantPitch} className={linkClass}>
            why {brand.name} works for a small shop
          </Link>
          .
        </p>
      </ContentSection>

      <CallToAction
        heading="Register your business"
        text={`Leave your details and the ${brand.name} team will call you back to set up your account.`}
        primary={{ to: paths.earlyAccess, label: "Register your business" }}
        secondary={{ to: supportTel, label: `Call ${brand.supportPhone}` }}
      />
    </ContentPage>
  );
}
