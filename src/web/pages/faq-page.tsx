import { ChevronDown } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { formatCedis } from "../../shared/money";
import { plans } from "../../shared/plans";
import { tierIds, tierLabel, tierThresholds } from "../../shared/tiers";
import { contentPageTitles } from "../app/content-page-titles";
import { paths } from "../app/paths";
import { CallToAction, ContentPage, ContentSection } from "../components/content-page";

/** Anigye+ monthly price in pesewas (a platform setting: docs/product-rules.md#payments-anigye-plus). */
const plusPricePesewas = 20_00;

const linkClass = "font-medium text-amber-700 underline";

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

const tierLadder = tierIds
  .map((tier) => `${tierLabel(tier)} (${tierThresholds[tier].toLocaleString("en-GH")} XP)`)
  .join(", ");

const forConsumers: Question[] = [
  {
    id: "free",
    question: `Is ${brand.name} free?`,
    answer: (
      <p>
        Yes. Joining, watching ads, collecting rewards, stamp cards and the monthly prize draw are all free.{" "}
        {brand.plusName} is an optional extra for {formatCedis(plusPricePesewas)} a month.
      </p>
    ),
  },
  {
    id: "earn",
    question: "How do I earn rewards?",
    answer: (
      <>
        <p>
          Open an ad and watch it in real time. When you reach the part the ad asks for (usually 80% of it),
          its reward is added to{" "}
          <Link to={paths.rewards} className={linkClass}>
            My Rewards
          </Link>
          . Each ad rewards you once.
        </p>
        <p>
          A reward can be a discount code, XP, a badge, exclusive content or an entry in the monthly draw. You
          also earn XP for loyalty stamps, redeemed rewards, verified shares and friends you invite, plus a
          100 XP sign-in bonus when your account is activated.
        </p>
      </>
    ),
  },
  {
    id: "redeem",
    question: "How do I use a reward at the counter?",
    answer: (
      <>
        <p>
          At the counter, open the reward in My Rewards and show its QR code. Staff scan it with the shop's
          device and the discount is applied. The code is short-lived and works once, so open it when you are
          ready to pay, not at home.
        </p>
        <p>
          Some rewards are confirmed differently: staff may type a staff code on your phone, and online codes
          you simply mark as used yourself. The reward tells you which.
        </p>
      </>
    ),
  },
  {
    id: "refused",
    question: "What if a shop refuses my code?",
    answer: (
      <>
        <p>
          First check three things in the reward: that it has not expired, that you are at the business (and
          branch) named on it, and that it has not already been used.
        </p>
        <p>
          An ad can also have a daily or weekly limit on redemptions; if that limit is reached, try again the
          next day or week. If the reward is valid and the shop still refuses it, contact us at{" "}
          <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
            {brand.supportEmail}
          </a>{" "}
          with the reward, the shop and the time, and we will take it up with the business.
        </p>
      </>
    ),
  },
  {
    id: "expiry",
    question: "When do my rewards expire?",
    answer: (
      <p>
        A reward expires on the ad's expiry date. If the ad has none, it expires 30 days after you earned it.
      </p>
    ),
  },
  {
    id: "stamps",
    question: "How do loyalty stamp cards work?",
    answer: (
      <>
        <p>
          Your loyalty card is a personal QR code that changes every 30 seconds. When you buy something, staff
          scan it and you get a stamp, one per business per day. The business may set a minimum spend.
        </p>
        <p>
          When the card is full (usually after 10 visits) its reward unlocks for your next visit, a new card
          starts, and the completed card also counts as an entry in the monthly draw. A screenshot of your
          code stops working within a minute, so always show the live code in the app.
        </p>
      </>
    ),
  },
  {
    id: "tiers",
    question: "What are the tiers?",
    answer: (
      <p>
        Your tier follows your lifetime XP: {tierLadder}. A tier never drops. Higher tiers get extra draw
        entries (Silver +1, Gold +2, Diamond +3) and can see ads reserved for them.
      </p>
    ),
  },
  {
    id: "draws",
    question: "Are the prize draws fair?",
    answer: (
      <>
        <p>
          Yes, and you can check it yourself. When a draw opens we publish a SHA-256 hash of a secret number
          (the seed). The hash fixes the seed without revealing it, so we cannot change it later. At the draw
          we reveal the seed; the winner is worked out from the seed and the sorted list of entries by a
          published rule, so anyone can re-run it and get the same winner.
        </p>
        <p>
          You get entries from prize-entry rewards, completed stamp cards, every 100 points businesses give
          you, and your tier, up to 10 entries a month.
        </p>
      </>
    ),
  },
  {
    id: "plus",
    question: `What does ${brand.plusName} cost and what do I get?`,
    answer: (
      <p>
        {formatCedis(plusPricePesewas)} a month; each payment covers 30 days. Members can watch premium ads
        with their own rewards and can enter monthly competitions (you also need the competition's minimum
        tier, 3 validated redemptions and 2 verified social shares that month).{" "}
        <Link to={paths.plus} className={linkClass}>
          See {brand.plusName}
        </Link>
        .
      </p>
    ),
  },
  {
    id: "momo",
    question: "How do I pay?",
    answer: (
      <>
        <p>By mobile money: MTN MoMo, Telecel Cash or AirtelTigo Money. We do not take cards.</p>
        <p>
          Where online payment is available you approve the payment on your phone and it activates on its own.
          Otherwise you send the payment, then enter the MoMo transaction reference and the number you paid
          from, and our team checks it and activates your plan.
        </p>
      </>
    ),
  },
  {
    id: "data-use",
    question: "How much mobile data does it use?",
    answer: (
      <p>
        As little as we can manage. Ad images are small WebP files, videos only load when you tap to play
        them, and pages like this one have no pictures and no downloaded fonts. Watching a video ad uses more
        data than an image ad, so on a tight bundle choose image ads or wait for Wi-Fi.
      </p>
    ),
  },
  {
    id: "my-data",
    question: "What happens to my personal data?",
    answer: (
      <>
        <p>
          We use it to run your account, give you your rewards and stop cheating. Businesses see totals (how
          many people watched or redeemed) and the redemptions they process themselves; they never see your
          phone number or email.
        </p>
        <p>
          You can delete your account at any time. Read the full{" "}
          <Link to={paths.privacy} className={linkClass}>
            privacy notice
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: "verify",
    question: "Why do I have to verify my email?",
    answer: (
      <p>
        Verification proves the account is yours and keeps fake accounts out of the draws. Where SMS is
        available we also verify your phone number. An account that is not verified within 24 hours is
        deleted, and you can simply register again.
      </p>
    ),
  },
  {
    id: "cities",
    question: "Which cities is it in?",
    answer: (
      <p>
        We are starting in Accra, Kumasi, Tamale and Cape Coast. You can join from anywhere in Ghana, and more
        cities follow as local businesses join.
      </p>
    ),
  },
];

const forBusinesses: Question[] = [
  {
    id: "business-join",
    question: "How does my business join?",
    answer: (
      <>
        <p>
          Register your interest on the{" "}
          <Link to={paths.earlyAccess} className={linkClass}>
            early access page
          </Link>{" "}
          or call {brand.supportPhone} ({brand.supportPhoneHours}). The {brand.name} team creates your
          business account and sends you a setup link; you choose a username and password, upload your ad and
          set up your stamp card.
        </p>
        <p>
          Plans start at {formatCedis(plans.starter.pricePesewas)} a month.{" "}
          <Link to={paths.business} className={linkClass}>
            Compare plans
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: "business-counter",
    question: "What do my staff need at the counter?",
    answer: (
      <p>
        A phone or tablet with a camera and the {brand.name} scanner. You create a staff login for each person
        (a name and a PIN). Staff scan the customer's QR code to add a stamp, give points or confirm a reward,
        and every scan records who did it and on which device.
      </p>
    ),
  },
];

function QuestionList({ questions }: { questions: Question[] }) {
  return (
    <div className="space-y-3">
      {questions.map((item) => (
        <details
          key={item.id}
          id={item.id}
          className="group scroll-mt-20 rounded-2xl border border-stone-200 bg-white open:border-amber-300"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 p-4 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-amber-600 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="space-y-3 px-4 pb-4 leading-relaxed text-stone-700">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}

export default function FaqPage() {
  useEffect(() => {
    document.title = contentPageTitles.faq;
  }, []);

  return (
    <ContentPage
      eyebrow="Help"
      title="Frequently asked questions"
      lead={`Straight answers about ${brand.name}: earning, redeeming, draws, payments and your data.`}
    >
      <ContentSection title="For everyone">
        <QuestionList questions={forConsumers} />
      </ContentSection>

      <ContentSection title="For businesses">
        <QuestionList questions={forBusinesses} />
      </ContentSection>

      <CallToAction
        heading="Still have a question?"
        text={
          <p>
            Email us at {brand.supportEmail} or call {brand.supportPhone} ({brand.supportPhoneHours}).
          </p>
        }
        primary={{ to: `mailto:${brand.supportEmail}`, label: "Email us" }}
        secondary={{ to: `tel:${brand.supportPhone.replace(/\s+/g, "")}`, label: "Call us" }}
      />
    </ContentPage>
  );
}
