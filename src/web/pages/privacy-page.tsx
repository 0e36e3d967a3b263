import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { contentPageTitles } from "../app/content-page-titles";
import { paths } from "../app/paths";
import { ContentPage, ContentSection } from "../components/content-page";

const linkClass = "font-medium text-amber-700 underline";
const lastUpdated = "21 November 2026";

const collected = [
  {
    what: "Account details",
    detail:
      "Your name, username, email address and password when you register. If you sign in with Google, we receive your name, email address and Google account ID from Google.",
  },
  {
    what: "Phone number",
    detail:
      "Optional when you register. If you give it, we verify it with a one-time SMS code. Payments also record the mobile money number you paid from.",
  },
  {
    what: "Profile answers",
    detail: "What you tell us during onboarding: age range, city, gender, interests and shopping habits.",
  },
  {
    what: "Watch progress",
    detail:
      "Which ads you open, how far you watch them and when, so we can give you rewards you have earned and only those.",
  },
  {
    what: "Rewards and activity",
    detail:
      "The rewards, XP, badges, loyalty stamps, points and draw entries you earn, the rewards you redeem, and any share proofs or receipts you upload for checking.",
  },
  {
    what: "Device and network details",
    detail:
      "Your IP address and a short summary of your device and browser (such as screen size, time zone, language and browser type), sent with each request. We use them only to spot fraud, such as one person running many accounts or faking watches.",
  },
  {
    what: "QR scans",
    detail:
      "When a business scans your code we record the business, the staff member, the shop's device, the time and where the scan took place.",
  },
  {
    what: "Location",
    detail:
      "Only if you turn on Near Me and allow it in your browser. You can switch it off at any time in your browser settings.",
  },
  {
    what: "Payments",
    detail: `For a business plan or ${brand.plusName}: the amount, the mobile money provider, the number you paid from and the transaction reference. We never see your mobile money PIN.`,
  },
] as const;

export default function PrivacyPage() {
  useEffect(() => {
    document.title = contentPageTitles.privacy;
  }, []);

  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy notice"
      meta={`Last updated: ${lastUpdated}`}
      lead={`This notice explains what personal data ${brand.name} collects, why, how long we keep it, who sees it and the rights you have. We process personal data in line with Ghana's Data Protection Act, 2012 (Act 843).`}
    >
      <ContentSection title="Who we are">
        <p>
          {brand.name} is a discovery and rewards service for {brand.country}: you watch short ads from local
          businesses and earn rewards. {brand.name} is the data controller for the personal data described
          here. For any privacy question or request, email{" "}
          <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
            {brand.supportEmail}
          </a>
          .
        </p>
      </ContentSection>

      <ContentSection title="What we collect">
        <dl className="space-y-3">
          {collected.map((item) => (
            <div key={item.what} className="rounded-2xl border border-stone-200 bg-white p-4">
              <dt className="font-semibold text-stone-900">{item.what}</dt>
              <dd className="mt-1 text-stone-700">{item.detail}</dd>
            </div>
          ))}
        </dl>
        <p>
          We keep you signed in with a session cookie, and your browser stores a few small values (such as
          whether you dismissed the install prompt). All dates are stored in UTC and shown to you in Accra
          time.
        </p>
      </ContentSection>

      <ContentSection title="Why we use it">
        <ul className="list-disc space-y-1 pl-5">
          <li>To create and run your account, and to verify your email and phone number.</li>
          <li>
            To record what you watch and give you the rewards, XP, stamps, points and draw entries you have
            earned.
          </li>
          <li>To let businesses confirm your rewards and stamp your card at the counter.</li>
          <li>To prevent fraud: fake watches, bots, multiple accounts and copied QR codes.</li>
          <li>
            To run the monthly prize draws and competitions, contact winners and keep a record of each draw.
          </li>
          <li>To process mobile money payments for {brand.plusName} and business plans.</li>
          <li>To give businesses totals about how their ads perform.</li>
          <li>To send you service messages, such as verification codes and notices about your rewards.</li>
        </ul>
        <p>
          We rely on the consent you give when you register (and for location, when you allow Near Me), on
          what we need to provide the service you asked for, and on our legitimate interest in keeping the
          service free of fraud. You can withdraw consent at any time; this does not affect processing that
          already took place.
        </p>
      </ContentSection>

      <ContentSection title="Who sees your data">
        <p>
          <strong>Businesses</strong> see totals for their own ads (views, impressions and, on higher plans,
          click-through rate, completion rate and number of redemptions). When they process a redemption,
          stamp or points at their counter they see that transaction. They never see your phone number or
          email address.
        </p>
        <p>
          <strong>Service providers</strong> that help us run {brand.name} receive what they need for their
          task: mobile money providers for payments, email and SMS providers to deliver codes, and Google if
          you choose to sign in with Google.
        </p>
        <p>
          <strong>Authorities</strong>, when the law requires it. For example, Ghana's National Lottery
          Authority may ask for the record of a prize draw.
        </p>
        <p>We do not sell your personal data.</p>
      </ContentSection>

      <ContentSection title="How long we keep it">
        <ul className="list-disc space-y-1 pl-5">
          <li>An account that is not verified within 24 hours of registering is deleted automatically.</li>
          <li>While your account is open, we keep your data for as long as you use {brand.name}.</li>
          <li>
            When you delete your account, we remove your personal data: name, username, email, phone number,
            profile answers and device details. We keep the ledger of XP, points and redemptions in anonymised
            form, no longer linked to you, so that businesses' records and past draw results stay correct.
          </li>
          <li>
            Each prize draw's record (entries, seed, hash and winner) is kept so that the draw can be checked
            later.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="How we protect it">
        <p>
          Access to personal data is limited to the people who need it to run the service. Actions on rewards
          and scans are logged with who did them and on which device. Reward QR codes are signed, short-lived
          and work once, and your loyalty QR code changes every 30 seconds so it cannot be copied.
        </p>
      </ContentSection>

      <ContentSection title="Your rights">
        <p>Under the Data Protection Act, 2012 (Act 843) you can:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>ask whether we hold personal data about you and get a copy of it;</li>
          <li>ask us to correct data that is wrong or incomplete;</li>
          <li>ask us to delete your data, or delete your account yourself;</li>
          <li>object to our use of your data, and withdraw consent you have given;</li>
          <li>complain to the Data Protection Commission of Ghana.</li>
        </ul>
        <p>
          To use any of these rights, email{" "}
          <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
            {brand.supportEmail}
          </a>{" "}
          from the address on your account. We may ask you to confirm who you are before we act.
        </p>
      </ContentSection>

      <ContentSection title="Age">
        <p>
          {brand.name} is for people aged 18 and over. We do not knowingly collect data from anyone under 18;
          if we learn that we have, we delete it.
        </p>
      </ContentSection>

      <ContentSection title="Changes to this notice">
        <p>
          If we change this notice we will update the date at the top of this page, and tell you in the app if
          the change is significant. See also our{" "}
          <Link to={paths.terms} className={linkClass}>
            terms of use
          </Link>
          .
        </p>
      </ContentSection>
    </ContentPage>
  );
}
