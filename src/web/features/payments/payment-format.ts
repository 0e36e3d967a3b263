import { brand } from "../../../shared/brand";
import type {
  MomoProviderCode,
  PaymentDetail,
  PaymentMethod,
  PaymentStatusName,
} from "../../../shared/contracts/payments";
import { momoProviderNames } from "../../../shared/contracts/payments";
import { paidPeriodDays } from "../../../shared/plans";
import { formatAccraDate } from "../../lib/dates";
import { translate, type UiKey } from "../../lib/language";

/** How a payment's status reads to the payer (the screen's text key, in the chosen language). */
export const paymentStatusLabel = {
  pending: "payment.status.pending",
  succeeded: "payment.status.succeeded",
  failed: "payment.status.failed",
  rejected: "payment.status.rejected",
  flagged: "payment.status.flagged",
} as const satisfies Record<PaymentStatusName, UiKey>;

export const paymentStatusClass: Record<PaymentStatusName, string> = {
  pending: "bg-amber-100 text-amber-900",
  succeeded: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  rejected: "bg-red-100 text-red-800",
  flagged: "bg-orange-100 text-orange-900",
};

/**
 * "Manual MoMo transfer" or "MTN MoMo, approved on the phone", in the chosen language (the payer's
 * receipt); the network's name stays as it is.
 */
export function paymentMethodLabel(method: PaymentMethod, provider: MomoProviderCode | null): string {
  if (method === "momo_manual")
    return provider
      ? translate("payment.method.manualTransferFrom", { provider: momoProviderNames[provider] })
      : translate("payment.method.manualTransfer");
  return provider
    ? translate("payment.method.approvedOnPhone", { provider: momoProviderNames[provider] })
    : translate("payment.method.mobileMoneyOnPhone");
}

/** The same in English, for the admin's queue (admin screens are English only). */
export function paymentMethodText(method: PaymentMethod, provider: MomoProviderCode | null): string {
  if (method === "momo_manual")
    return provider ? `Manual MoMo transfer from ${momoProviderNames[provider]}` : "Manual MoMo transfer";
  return provider
    ? `${momoProviderNames[provider]}, approved on the phone`
    : "Mobile money, approved on the phone";
}

/** "12 Jul 2026 – 10 Aug 2026" in Accra, or null before the period is known. */
export function periodText(start: string | null, end: string | null): string | null {
  if (!start || !end) return null;
  return `${formatAccraDate(start)} – ${formatAccraDate(end)}`;
}

/** How long ago, for the admin queue: "just now", "12 min ago", "3 h ago", "2 days ago". */
export function formatAge(seconds: number): string {
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** `+233241234567` → `024 123 4567`, the way it is typed in Ghana; anything else as stored. */
export function localPhone(phone: string): string {
  const match = /^\+233(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : phone;
}

/**
 * What a payment bought, as its payer reads it: "Anigye+ · 30 days" in the chosen language; a
 * business's plan as the server says it (business screens are in English).
 */
export function paymentDescription(payment: Pick<PaymentDetail, "purpose" | "description">): string {
  if (payment.purpose !== "plus") return payment.description;
  return translate("payment.description.plus", { plus: brand.plusName, days: paidPeriodDays });
}

/** A pending payment that still waits for the payer's money (not yet for an admin's check). */
export function waitsForPayer(payment: Pick<PaymentDetail, "status" | "nextStep">): boolean {
  const step = payment.nextStep?.type;
  return (
    payment.status === "pending" &&
    (step === "send_momo" || step === "approve_on_phone" || step === "enter_otp")
  );
}
