import { Gift } from "lucide-react";
import { formatAccraDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { usePhoneInvite } from "./api";

/**
 * On the registration page a shop's invite SMS opens: what that shop is holding for the number ("Kofi's
 * Chop Bar is holding 1 stamp and 25 points for +233 27 *** **45") and until when
 * (docs/product-rules.md#counter-invite-says-what-is-held). Nothing while it loads, for an unknown link or
 * when nothing waits any more: the form works the same without it.
 */
export function HeldForYou({ token }: { token: string }) {
  const invite = usePhoneInvite(token);
  const t = useT();
  const held = invite.data;
  if (!held || (held.stamps === 0 && held.points === 0)) return null;
  const values = { shop: held.shopName, phone: held.maskedPhone, stamps: held.stamps, points: held.points };
  const what =
    held.stamps > 0 && held.points > 0
      ? t("register.held.both", values)
      : held.stamps > 0
        ? t("register.held.stamps", values)
        : t("register.held.points", values);
  return (
    <div
      role="status"
      data-testid="held-for-you"
      className="mb-4 flex gap-3 rounded-xl bg-green-50 p-3 text-sm text-green-950 ring-1 ring-green-200"
    >
      <Gift className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
      <p>
        <span className="font-bold">{what}</span>{" "}
        {held.claimUntil && t("register.held.until", { date: formatAccraDate(held.claimUntil) })}
      </p>
    </div>
  );
}
