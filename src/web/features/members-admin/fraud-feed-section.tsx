import { type FormEvent, useState } from "react";
import { PageSwitcher } from "../../components/page-switcher";
import { Button } from "../../components/ui/button";
import { FieldFrame, inputClass, inputStateClass, useFieldIds } from "../../components/ui/field-parts";
import { Skeleton } from "../../components/ui/skeleton";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDateTime } from "../../lib/dates";
import { emptyFraudFilter, type FraudFilter, useFraudEvents } from "./anti-cheat-api";
import { signalLabel } from "./signal-labels";

function FilterBox({
  name,
  label,
  value,
  onChange,
  type = "text",
}: {
  name: keyof FraudFilter;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: "text" | "date";
}) {
  const ids = useFieldIds(`fraud-${name}`, undefined, undefined);
  return (
    <FieldFrame inputId={ids.inputId} label={label}>
      <input
        {...ids.controlProps}
        type={type}
        value={value}
        inputMode={type === "text" ? "numeric" : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} ${inputStateClass(false)}`}
      />
    </FieldFrame>
  );
}

/** Every fraud signal, newest first, filtered by type, member, business and day. */
export function FraudFeedSection({ initialUserId }: { initialUserId?: string }) {
  const start = { ...emptyFraudFilter, userId: initialUserId ?? "" };
  const [draft, setDraft] = useState<FraudFilter>(start);
  const [filter, setFilter] = useState<FraudFilter>(start);
  const [page, setPage] = useState(1);
  const feed = useFraudEvents(filter, page);
  const typeIds = useFieldIds("fraud-type", undefined, undefined);
  const set = (name: keyof FraudFilter) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));

  return (
    <div className="space-y-3">
      <form
        aria-label="Filter fraud signals"
        className="grid gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200 sm:grid-cols-3"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setFilter(draft);
          setPage(1);
        }}
      >
        <FieldFrame inputId={typeIds.inputId} label="Signal">
          <select
            {...typeIds.controlProps}
            value={draft.type}
            onChange={(event) => set("type")(event.target.value)}
            className={`${inputClass} ${inputStateClass(false)}`}
          >
            <option value="">All signals</option>
            {(feed.data?.types ?? []).map((type) => (
              <option key={type} value={type}>
                {signalLabel(type)}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FilterBox name="userId" label="Member number" value={draft.userId} onChange={set("userId")} />
        <FilterBox
          name="companyId"
          label="Business number"
          value={draft.companyId}
          onChange={set("companyId")}
        />
        <FilterBox name="from" label="From (day)" type="date" value={draft.from} onChange={set("from")} />
        <FilterBox name="to" label="To (day)" type="date" value={draft.to} onChange={set("to")} />
        <Button type="submit" variant="secondary" className="min-h-11 sm:mt-6">
          Show
        </Button>
      </form>
      {feed.isPending && <Skeleton className="h-32" />}
      {feed.isError && (
        <p role="alert" className="text-sm text-red-800">
          {serverMessage(feed.error) ?? "We couldn't load the signals."}
        </p>
      )}
      {feed.data && (
        <>
          <p className="text-sm text-stone-700" aria-live="polite">
            {feed.data.total === 1 ? "1 signal" : `${feed.data.total} signals`}
          </p>
          <ul className="space-y-2" data-testid="fraud-feed">
            {feed.data.items.map((event) => (
              <li
                key={event.id}
                className="rounded-xl bg-white p-3 text-sm ring-1 ring-stone-200"
                data-type={event.type}
              >
                <p className="font-semibold text-stone-900">
                  {signalLabel(event.type)}{" "}
                  <span className="font-normal text-stone-600">· {formatAccraDateTime(event.at)}</span>
                </p>
                <p className="text-stone-700">
                  Member #{event.userId ?? "—"}
                  {event.adId !== null && ` · ad #${event.adId}`}
                  {event.ipAddress && ` · ${event.ipAddress}`}
                  {event.deviceFingerprint && (
                    <span className="break-all"> · device {event.deviceFingerprint}</span>
                  )}
                </p>
                <code className="block font-mono text-xs break-all text-stone-700">{event.details}</code>
              </li>
            ))}
          </ul>
          <PageSwitcher
            page={page}
            pageSize={feed.data.pageSize}
            total={feed.data.total}
            onPage={setPage}
            label="signals"
          />
        </>
      )}
    </div>
  );
}
