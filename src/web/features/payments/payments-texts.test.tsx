import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type {
  MySubscription,
  PaymentDetail,
  PaymentNextStep,
  PlansResponse,
} from "../../../shared/contracts/payments";
import profileInTwi from "../../../shared/i18n/catalogs/screens/profile.tw.json";
import { formatCedis } from "../../../shared/money";
import { ApiError } from "../../lib/api-client";
import { formatAccraDate, formatAccraDateTime } from "../../lib/dates";
import { activateLanguage } from "../../lib/language";
import { queryKeys } from "../../lib/query-keys";
import AnigyePlusPage from "../../pages/anigye-plus-page";
import PaymentReceiptPage from "../../pages/payment-receipt-page";
import SubscriptionPage from "../../pages/subscription-page";
import { PayPanel } from "./pay-panel";
import { PaymentProgress } from "./payment-progress";

// Anigye+ and the payment screens speak the language chosen; amounts stay GH₵, dates Accra, and the
// names of Anigye+, Anigye and the MoMo networks stay as they are. No call leaves the test.

const session = vi.hoisted(() => ({ user: null as { id: number } | null, isAdmin: false }));
vi.mock("../../lib/auth", () => ({
  useAuth: () => ({ user: session.user, isAdmin: session.isAdmin, refreshUser: async () => {} }),
}));

const price = 2_500;
const offers: PlansResponse = {
  currency: "GHS",
  periodDays: 30,
  plans: [],
  plus: { pricePesewas: price, benefits: ["Premium ads"] },
  manualMomo: { merchantNumber: "0244000000", merchantName: "Anigye Ltd" },
  providerEnabled: true,
};
const expires = "2026-08-12T10:00:00.000Z";
const subscription: MySubscription = { isPlus: true, plusExpiresAt: expires, plusSince: null, payments: [] };

const payment = (overrides: Partial<PaymentDetail> = {}): PaymentDetail => ({
  id: 5,
  reference: "ANG-PLUS-5",
  status: "succeeded",
  amount: price,
  currency: "GHS",
  purpose: "plus",
  method: "momo_manual",
  description: "Anigye+ · 30 days",
  plan: null,
  companyId: null,
  companyName: null,
  payerName: "Ama Mensah",
  paymentPhone: "+233241234567",
  provider: null,
  momoReference: "1234567890",
  createdAt: "2026-07-12T09:00:00.000Z",
  paidAt: "2026-07-12T10:00:00.000Z",
  periodStart: "2026-07-12T10:00:00.000Z",
  periodEnd: expires,
  reason: null,
  ...overrides,
});
const step = (type: PaymentNextStep["type"], extra: Partial<PaymentNextStep> = {}): PaymentNextStep => ({
  type,
  displayText: "",
  ...extra,
});

/** Nothing is fetched: every answer the screen needs is already in the cache. */
const offline = () => Promise.reject(new Error("no network in tests"));

function render(
  children: ReactNode,
  {
    url = "/",
    detail,
    mine = subscription,
  }: { url?: string; detail?: PaymentDetail; mine?: MySubscription } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: offline, retry: false, retryOnMount: false } },
  });
  client.setQueryData(queryKeys.plans, offers);
  client.setQueryData(queryKeys.payments.mySubscription(7), mine);
  client.setQueryData(queryKeys.business.session, { company: null });
  if (detail) client.setQueryData(queryKeys.payments.one(detail.id), detail);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
}

/** The receipt page at `/payments/<id>`, its answer cached (or refused with `status`). */
function receiptPage(id: string, detail?: PaymentDetail, status?: number) {
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: offline, retry: false, retryOnMount: false } },
  });
  client.setQueryData(queryKeys.business.session, { company: null });
  if (detail) client.setQueryData(queryKeys.payments.one(detail.id), detail);
  if (status) {
    client
      .getQueryCache()
      .build(client, { queryKey: queryKeys.payments.one(Number(id)) })
      .setState({ status: "error", error: new ApiError(status, "", "refused"), fetchStatus: "idle" });
  }
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/payments/${id}`]}>
        <Routes>
          <Route path="/payments/:id" element={<PaymentReceiptPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
}

const progress = (detail: PaymentDetail, readOnly = false) =>
  render(<PaymentProgress paymentId={detail.id} readOnly={readOnly} onRestart={() => {}} />, { detail });

type Key = keyof typeof profileInTwi;
/** A Twi text from the catalog, filled the way the screen fills it (plurals by CLDR's one/other). */
const twi = (key: Key, values: Record<string, string | number> = {}) =>
  profileInTwi[key]
    .replace(/\{(\w+), plural, one \{([^}]*)\} other \{([^}]*)\}\}/g, (_, name: string, one, other) =>
      (values[name] === 1 ? one : other).replaceAll("#", String(values[name])),
    )
    .replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

const amount = formatCedis(price);
const plusFor30Days = { plus: "Anigye+", days: 30 };
const period = `${formatAccraDate("2026-07-12T10:00:00.000Z")} – ${formatAccraDate(expires)}`;
const pending = { status: "pending", paidAt: null, periodStart: null, periodEnd: null } as const;

beforeEach(() => {
  session.user = null;
  session.isAdmin = false;
});

describe("Anigye+ and paying in English", () => {
  it("stay word for word as they were", () => {
    const signedOut = render(<AnigyePlusPage />);
    expect(signedOut).toContain("Membership");
    expect(signedOut).toContain(
      `<strong data-testid="plus-price">${amount}</strong> for 30 days. No automatic renewals: you pay when you want more.`,
    );
    expect(signedOut).toContain("What Anigye+ gives you");
    expect(signedOut).toContain("Sign in to get Anigye+");
    expect(signedOut).toContain(
      "Anigye+ belongs to your Anigye account. Sign in (or join, it's free) and come back here to pay by mobile money.",
    );
    expect(signedOut).toContain(">Sign in</a>");
    expect(signedOut).toContain(">Join Anigye</a>");

    session.user = { id: 7 };
    const checkout = render(<AnigyePlusPage />);
    expect(checkout).toContain(
      `You're on <strong>Anigye+</strong> until <strong>${formatAccraDate(expires)}</strong>. Paying again adds 30 days after that.`,
    );
    expect(checkout).toContain("Renew Anigye+");
    expect(checkout).toContain(`${amount} for 30 days, by mobile money.`);
    expect(checkout).toContain("Your subscription, payments and receipts");
    expect(checkout).toContain("How do you want to pay?");
    expect(checkout).toContain("Approve on my phone");
    expect(checkout).toContain(
      "A payment prompt comes to your phone: approve it with your MoMo PIN. Done in a minute.",
    );
    expect(checkout).toContain("Send MoMo yourself");
    expect(checkout).toContain(
      "Send the amount to the Anigye merchant number with our reference; we check it, usually within a few hours.",
    );
    expect(checkout).toContain('aria-label="Pay on my phone"');
    expect(checkout).toContain("Mobile money network");
    expect(checkout).toContain("Choose your network");
    expect(checkout).toContain("MTN MoMo");
    expect(checkout).toContain("The prompt goes to this number.");
    expect(checkout).toContain(`Pay ${amount}`);

    const manual = render(
      <PayPanel
        order={{ purpose: "plus" }}
        amountPesewas={price}
        options={{ ...offers, providerEnabled: false }}
      />,
    );
    expect(manual).toContain('aria-label="Pay by MoMo transfer"');
    expect(manual).toContain("MoMo number you'll pay from");
    expect(manual).toContain(
      "Next you'll see our merchant number and the reference to put in your transfer.",
    );
    expect(manual).toContain("Show payment details");

    const none = render(
      <PayPanel
        order={{ purpose: "plus" }}
        amountPesewas={price}
        options={{ manualMomo: null, providerEnabled: false }}
      />,
    );
    expect(none).toContain(
      "Paying by mobile money isn't available right now. Please call +233 30 296 0000 or email hello@anigye.com.gh.",
    );
  });

  it("say each step of a payment as before", () => {
    const send = progress(payment({ ...pending, nextStep: step("send_momo", offers.manualMomo ?? {}) }));
    expect(send).toContain("Send the money by MoMo");
    expect(send).toContain(
      `From your mobile money menu or app, send exactly <strong>${amount}</strong> to our merchant number.`,
    );
    expect(send).toContain(
      "Put our reference <strong>ANG-PLUS-5</strong> in the transfer's reference or message.",
    );
    expect(send).toContain("Enter the transaction ID from your confirmation SMS below.");
    expect(send).toContain(">Amount</dt>");
    expect(send).toContain(">Merchant number</dt>");
    expect(send).toContain(">Merchant name</dt>");
    expect(send).toContain(">Reference</dt>");
    expect(send).toContain('aria-label="Copy the merchant number"');
    expect(send).toContain('aria-label="Copy the reference"');
    expect(send).toContain('aria-label="MoMo transaction details"');
    expect(send).toContain("It's in the confirmation SMS from your network, e.g. 1234567890.");
    expect(send).toContain("Phone you paid from");
    expect(send).toContain("I've paid: send for checking");
    expect(progress(payment({ ...pending, nextStep: step("send_momo") }), true)).toContain(
      "Waiting for the payer to send the MoMo transaction ID.",
    );

    const waiting = progress(payment({ ...pending, nextStep: step("wait_for_admin") }));
    expect(waiting).toContain("Waiting for verification");
    expect(waiting).toContain(
      `Our reference: <strong class="font-mono">ANG-PLUS-5</strong>. You can leave this page: we'll tell you by email or SMS when it's done, and the receipt shows where it stands.`,
    );
    expect(waiting).toContain("View receipt");

    const approve = progress(payment({ ...pending, method: "paystack", nextStep: step("approve_on_phone") }));
    expect(approve).toContain("Approve the payment on your phone");
    expect(approve).toContain(`Waiting for your approval (${amount})…`);
    expect(approve).toContain(
      "No prompt? Open your network's MoMo menu and look for approvals waiting. This page updates by itself.",
    );

    const otp = progress(payment({ ...pending, method: "paystack", nextStep: step("enter_otp") }));
    expect(otp).toContain("Enter the code from the SMS");
    expect(otp).toContain('aria-label="Payment code"');
    expect(otp).toContain(">Code from the SMS<");
    expect(otp).toContain("Confirm payment");

    const done = progress(payment());
    expect(done).toContain("Payment received");
    expect(done).toContain(`${amount} paid for Anigye+ · 30 days. Paid period: ${period}. Thank you!`);

    const rejected = progress(payment({ status: "rejected", paidAt: null }));
    expect(rejected).toContain("Payment rejected");
    expect(rejected).toContain("Nothing was granted.");
    expect(rejected).toContain("Try again");
    expect(progress(payment({ status: "failed", paidAt: null }))).toContain("The payment didn't go through");
  });

  it("print the receipt and its page as before", () => {
    session.user = { id: 7 };
    const paid = receiptPage("5", payment());
    expect(paid).toContain("← Your subscription");
    expect(paid).toContain(">Receipt</h1>");
    expect(paid).toContain(`${formatAccraDateTime("2026-07-12T10:00:00.000Z")} (Accra time)`);
    for (const label of [
      "For",
      "Period",
      "Our reference",
      "MoMo transaction ID",
      "Paid by",
      "From number",
      "Method",
      "Started",
      "Paid",
    ]) {
      expect(paid).toContain(`>${label}</dt>`);
    }
    expect(paid).toContain("Manual MoMo transfer");
    expect(paid).toMatch(/data-testid="payment-status"[^>]*>Paid<\/span>/);
    expect(paid).toContain(
      `Questions? +233 30 296 0000 · hello@anigye.com.gh · Valid until ${formatAccraDate(expires)}`,
    );
    expect(paid).toContain("Print");

    session.isAdmin = true;
    const pendingReceipt = receiptPage(
      "5",
      payment({ ...pending, method: "paystack", provider: "mtn", nextStep: step("approve_on_phone") }),
    );
    // Not a receipt until paid: an unpaid order says it waits for the payment, and names no one as having paid.
    expect(pendingReceipt).toContain(">Waiting for your payment</h1>");
    expect(pendingReceipt).toContain(">Payer</dt>");
    expect(pendingReceipt).not.toContain(">Receipt</h1>");
    expect(pendingReceipt).not.toContain(">Paid by</dt>");
    expect(pendingReceipt).toContain("MTN MoMo, approved on the phone");
    expect(pendingReceipt).toMatch(/data-testid="payment-status"[^>]*>Pending<\/span>/);
    expect(pendingReceipt).toContain("Admin: payment queue");

    expect(receiptPage("abc")).toContain("Receipt not found");
    const signIn = receiptPage("9", undefined, 401);
    expect(signIn).toContain("Sign in to see this receipt");
    expect(signIn).toContain(
      "Sign in with the account that paid: your Anigye account for Anigye+, or your business account for a plan.",
    );
    expect(signIn).toContain("Business sign in");
    const other = receiptPage("9", undefined, 404);
    expect(other).toContain("It may belong to another account.");
    expect(other).toContain("Go home");
  });
});

/** `/subscription` of a member on Anigye+ since July, with one payment. */
function subscriptionPage() {
  session.user = { id: 7 };
  const mine: MySubscription = {
    ...subscription,
    plusSince: "2026-07-12T10:00:00.000Z",
    payments: [payment()],
  };
  return render(<SubscriptionPage />, { mine });
}

describe("the subscription page", () => {
  it("says in English what it said", () => {
    const page = subscriptionPage();
    expect(page).toContain(">Your subscription</h1>");
    expect(page).toContain("Active");
    expect(page).toContain(
      `Your Anigye+ runs until <strong data-testid="plus-expires">${formatAccraDate(expires)}</strong>.`,
    );
    expect(page).toContain(`Member since ${formatAccraDate("2026-07-12T10:00:00.000Z")}.`);
    expect(page).toContain("Renew Anigye+");
    expect(page).toContain("Payments and receipts");
    expect(page).toContain(">Anigye+ · 30 days</p>");
    expect(page).toContain(`Period: ${period}`);
    expect(page).toContain("Receipt<span");
    expect(render(<SubscriptionPage />, { mine: { ...subscription, isPlus: false } })).toContain(
      "You're not on Anigye+. Premium ads from local brands and the monthly competitions come with it.",
    );
    expect(render(<SubscriptionPage />, { mine: { ...subscription, isPlus: false } })).toContain(
      "No Anigye+ payments yet.",
    );
  });

  it("speaks Twi to a member who chose Twi, receipts included", async () => {
    await activateLanguage("tw");
    try {
      const page = subscriptionPage();
      expect(page).toContain(`>${twi("subscription.title")}</h1>`);
      expect(page).toContain(twi("subscription.active"));
      expect(page).toContain(
        twi("subscription.runsUntil", {
          plus: "Anigye+",
          date: `<strong data-testid="plus-expires">${formatAccraDate(expires)}</strong>`,
        }),
      );
      expect(page).toContain(
        twi("subscription.memberSince", { date: formatAccraDate("2026-07-12T10:00:00.000Z") }),
      );
      expect(page).toContain(twi("plus.renew", { plus: "Anigye+" }));
      expect(page).toContain(twi("subscription.payments"));
      expect(page).toContain(`>${twi("payment.description.plus", plusFor30Days)}</p>`);
      expect(page).toContain(twi("payment.history.period", { period }));
      expect(page).toContain(twi("payment.history.receipt"));
      const notPlus = render(<SubscriptionPage />, { mine: { ...subscription, isPlus: false } });
      expect(notPlus).toContain(twi("subscription.notPlus", { plus: "Anigye+" }));
      expect(notPlus).toContain(twi("subscription.noPayments", { plus: "Anigye+" }));
      for (const english of [
        "Your subscription",
        "Active",
        "runs until",
        "Member since",
        "Renew",
        "Payments and receipts",
        "30 days",
        "Period:",
        ">Receipt",
      ]) {
        expect(page).not.toContain(english);
      }
      expect(notPlus).not.toContain("You're not on");
      expect(notPlus).not.toContain("No Anigye+ payments");
    } finally {
      await activateLanguage("en");
    }
  });
});

describe("Anigye+ and paying in Twi", () => {
  beforeAll(() => activateLanguage("tw"));
  afterAll(() => activateLanguage("en"));

  it("speak Twi, and keep the names and amounts", () => {
    const signedOut = render(<AnigyePlusPage />);
    expect(signedOut).toContain(twi("plus.membership"));
    expect(signedOut).toContain(
      twi("plus.price", { price: `<strong data-testid="plus-price">${amount}</strong>`, days: 30 }),
    );
    expect(signedOut).toContain(twi("plus.benefitsTitle", { plus: "Anigye+" }));
    expect(signedOut).toContain(twi("plus.signIn.title", { plus: "Anigye+" }));
    expect(signedOut).toContain(twi("plus.signIn.text", { plus: "Anigye+", brand: "Anigye" }));
    expect(signedOut).toContain(twi("plus.signIn.join", { brand: "Anigye" }));
    expect(signedOut).not.toContain("Membership");
    expect(signedOut).not.toContain("No automatic renewals");
    expect(signedOut).not.toContain("Sign in");

    session.user = { id: 7 };
    const checkout = render(<AnigyePlusPage />);
    expect(checkout).toContain(
      twi("plus.status", {
        plus: "<strong>Anigye+</strong>",
        until: `<strong>${formatAccraDate(expires)}</strong>`,
        days: 30,
      }),
    );
    expect(checkout).toContain(twi("plus.renew", { plus: "Anigye+" }));
    expect(checkout).toContain(twi("plus.checkout", { price: amount, days: 30 }));
    expect(checkout).toContain(twi("plus.subscriptionLink"));
    expect(checkout).toContain(twi("payment.form.howToPay"));
    expect(checkout).toContain(twi("payment.method.manualText", { brand: "Anigye" }));
    expect(checkout).toContain(twi("payment.form.pay", { amount }));
    expect(checkout).toContain("MTN MoMo");
    for (const english of [
      "You're on",
      "Renew Anigye+",
      "Your subscription, payments and receipts",
      "How do you want to pay?",
      "Approve on my phone",
      "Mobile money network",
      "Choose your network",
      `Pay ${amount}`,
    ]) {
      expect(checkout).not.toContain(english);
    }

    const none = render(
      <PayPanel
        order={{ purpose: "plus" }}
        amountPesewas={price}
        options={{ manualMomo: null, providerEnabled: false }}
      />,
    );
    expect(none).toContain(
      twi("payment.unavailable", { phone: "+233 30 296 0000", email: "hello@anigye.com.gh" }),
    );
  });

  it("say each step of a payment in Twi", () => {
    const send = progress(payment({ ...pending, nextStep: step("send_momo", offers.manualMomo ?? {}) }));
    expect(send).toContain(twi("payment.step.sendMomo"));
    expect(send).toContain(twi("payment.send.step1", { amount: `<strong>${amount}</strong>` }));
    expect(send).toContain(twi("payment.send.step2", { reference: "<strong>ANG-PLUS-5</strong>" }));
    expect(send).toContain(`aria-label="${twi("payment.copy.merchantNumber")}"`);
    expect(send).toContain(twi("payment.proof.submit"));
    expect(send).not.toContain("From your mobile money menu");
    expect(send).not.toContain("I've paid");

    const waiting = progress(payment({ ...pending, nextStep: step("wait_for_admin") }));
    expect(waiting).toContain(
      twi("payment.wait.reference", { reference: '<strong class="font-mono">ANG-PLUS-5</strong>' }),
    );
    expect(waiting).toContain(twi("payment.viewReceipt"));
    expect(waiting).not.toContain("Waiting for verification");

    const approve = progress(payment({ ...pending, method: "paystack", nextStep: step("approve_on_phone") }));
    expect(approve).toContain(twi("payment.approve.waiting", { amount }));
    expect(approve).not.toContain("No prompt?");

    const done = progress(payment());
    expect(done).toContain(
      [
        twi("payment.done.paidFor", { amount, description: twi("payment.description.plus", plusFor30Days) }),
        twi("payment.done.period", { period }),
        twi("payment.done.thanks"),
      ].join(" "),
    );
    expect(done).not.toContain("Thank you!");
    expect(done).not.toContain("30 days");

    const rejected = progress(payment({ status: "rejected", paidAt: null }));
    expect(rejected).toContain(twi("payment.step.rejected"));
    expect(rejected).toContain(twi("payment.failed.nothingGranted"));
    expect(rejected).not.toContain("Try again");
  });

  it("print the receipt in Twi", () => {
    session.user = { id: 7 };
    const paid = receiptPage("5", payment());
    expect(paid).toContain(`← ${twi("payment.receiptPage.backSubscription")}`);
    expect(paid).toContain(`>${twi("payment.receipt.receipt")}</h1>`);
    expect(paid).toContain(
      twi("payment.receipt.accraTime", { date: formatAccraDateTime("2026-07-12T10:00:00.000Z") }),
    );
    expect(paid).toContain(`>${twi("payment.receipt.paidBy")}</dt>`);
    expect(paid).toContain(
      `data-testid="receipt-description">${twi("payment.description.plus", plusFor30Days)}<`,
    );
    expect(paid).toContain(twi("payment.method.manualTransfer"));
    expect(paid).toMatch(
      new RegExp(`data-testid="payment-status"[^>]*>${twi("payment.status.succeeded")}</span>`),
    );
    expect(paid).toContain(
      `${twi("payment.receipt.questions", { phone: "+233 30 296 0000", email: "hello@anigye.com.gh" })} · ${twi("payment.receipt.validUntil", { date: formatAccraDate(expires) })}`,
    );
    for (const english of [
      "Our reference",
      "Paid by",
      "Manual MoMo transfer",
      "Questions?",
      "Print",
      "Accra time",
      "30 days",
    ]) {
      expect(paid).not.toContain(english);
    }

    const pendingReceipt = receiptPage(
      "5",
      payment({ ...pending, method: "paystack", provider: "mtn", nextStep: step("approve_on_phone") }),
    );
    expect(pendingReceipt).toContain(twi("payment.method.approvedOnPhone", { provider: "MTN MoMo" }));
    expect(pendingReceipt).toContain(twi("payment.status.pending"));

    const signIn = receiptPage("9", undefined, 401);
    expect(signIn).toContain(twi("payment.receiptPage.signInTitle"));
    expect(signIn).toContain(twi("payment.receiptPage.signInText", { brand: "Anigye", plus: "Anigye+" }));
    expect(signIn).not.toContain("Sign in");
    expect(receiptPage("abc")).toContain(twi("payment.receiptPage.notFound"));
  });
});
