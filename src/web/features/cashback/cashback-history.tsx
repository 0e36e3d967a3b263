import type { MyCashback } from "../../../shared/contracts/cashback";
import { formatCedis } from "../../../shared/money";
import { formatAccraDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";

type CashbackEntry = MyCashback["entries"][number];
type T = ReturnType<typeof useT>;

function entryLabel(entry: CashbackEntry, t: T): string {
  switch (entry.kind) {
    case "earned":
      return t("cashback.entry.earned");
    case "pending":
      return t("cashback.entry.pending");
    case "withdrawing":
      return entry.withdrawalStatus === "review"
        ? t("cashback.entry.inReview")
        : t("cashback.entry.onItsWay");
    case "paid_out":
      return t("cashback.entry.paidOut");
    case "returned":
      return t("cashback.entry.returned");
  }
}

/**
 * "+GH₵ 5.00" into her balance, "−GH₵ 19.00" out of it; a pending reward's amount has no sign, since it
 * isn't in her balance yet.
 */
function entryAmount(entry: CashbackEntry): string {
  const amount = formatCedis(Math.abs(entry.amountPesewas));
  if (entry.kind === "pending") return amount;
  return `${entry.amountPesewas < 0 ? "−" : "+"}${amount}`;
}

function amountColour(entry: CashbackEntry): string {
  if (entry.kind === "pending") return "text-stone-500";
  return entry.amountPesewas < 0 ? "text-stone-900" : "text-green-700";
}

/** Who paid it, when, and by when a pending reward must be used. */
function entryDetails(entry: CashbackEntry, t: T): string {
  const parts = [entry.companyName, formatAccraDate(entry.at)];
  if (entry.kind === "pending" && entry.expiresAt) {
    parts.push(t("cashback.entry.useBy", { date: formatAccraDate(entry.expiresAt) }));
  }
  return parts.filter(Boolean).join(" · ");
}

function EntryRow({ entry }: { entry: CashbackEntry }) {
  const t = useT();
  return (
    <li data-testid="cashback-entry" data-kind={entry.kind} className="py-3">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-semibold text-stone-900" data-testid="cashback-entry-label">
          {entryLabel(entry, t)}
        </p>
        <p
          data-testid="cashback-entry-amount"
          className={`shrink-0 font-bold tabular-nums ${amountColour(entry)}`}
        >
          {entryAmount(entry)}
        </p>
      </div>
      <p className="text-xs break-words text-stone-600">{entryDetails(entry, t)}</p>
    </li>
  );
}

/** Her cashback's movements and waiting rewards, newest first. */
export function CashbackHistory({ entries }: { entries: CashbackEntry[] }) {
  const t = useT();
  return (
    <section aria-label={t("cashback.historyTitle")}>
      <h3 className="font-bold text-stone-900">{t("cashback.historyTitle")}</h3>
      <ul className="divide-y divide-stone-100" data-testid="cashback-history">
        {entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} />
        ))}
      </ul>
    </section>
  );
}
