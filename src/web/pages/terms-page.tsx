import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { formatCedis } from "../../shared/money";
import { paidPeriodDays } from "../../shared/plans";
import { contentPageTitles } from "../app/content-page-titles";
import { paths } from "../app/paths";
import { ContentPage, ContentSection } from "../components/content-page";

const linkClass = "font-medium text-amber-700 underline";
const lastUpdated = "21 November 2026";

/** Anigye+ monthly price in pesewas (a platform setting: docs/product-rules.md#payments-anigye-plus). */
const plusPricePesewas = 20_00;

export default function TermsPage() {
  useEffect(() => {
    document.title = contentPageTitles.terms;
  }, []);

  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms of use"
      meta={`Last updated: ${lastUpdated}`}
      lead={`These terms apply when you use ${brand.name}, as a consumer or as a business. By creating an account you agree to them. Please read them together with our privacy notice.`}
    >
      <ContentSection title="1. Who can use it">
        <p>
          You must be 18 or older to create an account. {brand.name} is a service for {brand.country}; rewards
          are offered by businesses in {brand.country} and are used there.
        </p>
      </ContentSection>

      <ContentSection title="2. Your account">
        <ul className="list-disc space-y-1 pl-5">
          <li>Give your real name and an email address you can access. One account per person.</li>
          <li>
            Verify your email (and your phone number where we ask for it) within 24 hours, or the account is
            deleted.
          </li>
          <li>Keep your password to yourself. You are responsible for what happens in your account.</li>
          <li>
            You can delete your account at any time. Rewards, XP, points and draw entries that are not used
            are lost when you do.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="3. Fair play">
        <p>Rewards are for real people who really watch and really visit. You must not:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>use bots, scripts, emulators or any tool that plays, speeds up or fakes watching an ad;</li>
          <li>open several accounts, or use someone else's account;</li>
          <li>sell or pass on reward codes, or let anyone else use your loyalty QR code;</li>
          <li>upload false share proofs or receipts;</li>
          <li>as business staff, stamp cards or give points for purchases that did not happen.</li>
        </ul>
        <p>
          We check watch progress against the real time it takes. Rewards, XP, points, stamps and draw entries
          earned by fraud are reversed, and we may suspend or close accounts involved. A reversal is recorded
          as a new entry; the record of what happened is kept.
        </p>
      </ContentSection>

      <ContentSection title="4. Rewards">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Discounts and other rewards are issued by the business whose ad you watched. That business is
            responsible for the goods and services it sells and for honouring its reward.
          </li>
          <li>Each ad rewards you once.</li>
          <li>
            A reward expires on the ad's expiry date or, if the ad has none, 30 days after you earned it. An
            expired reward cannot be used.
          </li>
          <li>
            A business can limit how many times its rewards are redeemed per day, per week or in total. Each
            reward can be used once.
          </li>
          <li>
            XP, points, badges and rewards have no cash value and cannot be exchanged for money or moved to
            another account.
          </li>
          <li>
            If a business will not honour a valid reward, tell us at{" "}
            <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
              {brand.supportEmail}
            </a>{" "}
            and we will take it up with the business.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="5. Prize draws and competitions">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            The monthly prize draw is free to enter. Every active member with at least one entry takes part,
            with at most 10 entries each per month.
          </li>
          <li>
            Draws are provably fair: when a draw opens we publish the SHA-256 hash of a secret seed, and at
            the draw we reveal the seed. The winner is found from the seed and the sorted list of entries by a
            published rule, so anyone can re-run it and check the result.
          </li>
          <li>
            Promotional draws in Ghana may need a permit from the National Lottery Authority. We keep the full
            record of every draw (entries, seed, hash and winner) and can share it with the Authority.
          </li>
          <li>
            Monthly competitions are open to {brand.plusName} members who meet that month's conditions: the
            competition's minimum tier, 3 validated redemptions and 2 verified social shares.
          </li>
          <li>
            Each draw and competition states its prize. Entries and prizes cannot be transferred or exchanged
            for cash.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title={`6. ${brand.plusName}`}>
        <p>
          {brand.plusName} costs {formatCedis(plusPricePesewas)} a month, paid by mobile money. Each payment
          covers {paidPeriodDays} days. It gives access to premium ads and eligibility for monthly
          competitions.
        </p>
      </ContentSection>

      <ContentSection title="7. Business terms">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Businesses choose a plan from the{" "}
            <Link to={paths.business} className={linkClass}>
              published plans
            </Link>
            . The plan sets the number of ads, the formats, the maximum ad length and the monthly points
            allowance.
          </li>
          <li>
            Plans are paid in Ghana cedis by mobile money (MTN MoMo, Telecel Cash or AirtelTigo Money),{" "}
            {paidPeriodDays} days at a time. A plan starts when the payment is confirmed.
          </li>
          <li>If a plan lapses, your ads stop showing until you pay again. Your account is kept.</li>
          <li>
            Your ads must be truthful and lawful, and you must have the rights to the pictures, video and
            music you upload. We may refuse or remove an ad that breaks these rules.
          </li>
          <li>
            You must honour the rewards your ads offer until they expire or reach the limits you set, and your
            staff must scan only real visits and purchases.
          </li>
          <li>
            You are responsible for the staff accounts you create and for scans made with them; every scan
            records the staff member and the device.
          </li>
          <li>
            The points allowance resets on the 1st of each month (Accra time); unused points do not carry
            over.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="8. Liability">
        <p>
          We work to keep {brand.name} available and accurate, but we provide it as it is and cannot promise
          that it will always be available or free of errors. We are not responsible for the goods and
          services that businesses sell, or for a business's failure to honour a reward, although we will help
          you raise it with them.
        </p>
        <p>
          As far as the law of Ghana allows, we are not liable for indirect losses or losses we could not
          reasonably have foreseen. Nothing in these terms takes away rights you have under Ghanaian law that
          cannot be excluded.
        </p>
      </ContentSection>

      <ContentSection title="9. Changes and ending">
        <p>
          We may change these terms. When we do, we update the date at the top of this page; if the change is
          significant we will tell you before it applies. You may stop using {brand.name} and delete your
          account at any time. We may suspend or close an account that breaks these terms.
        </p>
      </ContentSection>

      <ContentSection title="10. Governing law and contact">
        <p>
          These terms are governed by the laws of the Republic of Ghana, and the courts of Ghana decide any
          dispute. For questions, email{" "}
          <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
            {brand.supportEmail}
          </a>{" "}
          or call {brand.supportPhone} ({brand.supportPhoneHours}). See also our{" "}
          <Link to={paths.privacy} className={linkClass}>
            privacy notice
          </Link>
          .
        </p>
      </ContentSection>
    </ContentPage>
  );
}
