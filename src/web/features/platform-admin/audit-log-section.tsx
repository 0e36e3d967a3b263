import { createContext, type FormEvent, use, useState } from "react";
import type { AuditEntryItem } from "../../../shared/contracts/admin";
import { PagedQueue } from "../../components/paged-queue";
import { Button } from "../../components/ui/button";
import { FieldFrame, inputClass, inputStateClass, useFieldIds } from "../../components/ui/field-parts";
import { formatAccraDateTime } from "../../lib/dates";
import { useAuditPage } from "./api";
import { type AuditFilter, compactJson, parseActorId } from "./audit-format";

const actionPrefixes = [
  { value: "", label: "All actions" },
  { value: "setting.", label: "Settings (setting.)" },
  { value: "payment.", label: "Payments (payment.)" },
  { value: "purchase.", label: "Purchases (purchase.)" },
  { value: "share_proof.", label: "Share proofs (share_proof.)" },
  { value: "draw.", label: "Draws (draw.)" },
  { value: "competition.", label: "Competitions (competition.)" },
  { value: "signup.", label: "Early-access invitations (signup.)" },
  { value: "member.", label: "Members (member.)" },
  { value: "company.", label: "Businesses (company.)" },
  { value: "oauth_config.", label: "Google sign-in settings (oauth_config.)" },
  { value: "violation.", label: "Anti-cheat cases (violation.)" },
] as const;

/** A before/after value, one line, cut short with the whole of it in a tooltip. */
function JsonValue({ value }: { value: string | null }) {
  const { text, full } = compactJson(value);
  return (
    <code className="font-mono text-xs break-all text-stone-800" title={full}>
      {text}
    </code>
  );
}

function AuditEntry({ entry }: { entry: AuditEntryItem }) {
  return (
    <li
      className="space-y-1.5 rounded-2xl bg-white p-3 text-sm shadow-sm ring-1 ring-stone-200"
      data-testid="audit-entry"
      data-action={entry.action}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <p className="font-mono font-semibold break-all text-stone-900">{entry.action}</p>
        <time dateTime={entry.at} className="text-xs text-stone-600">
          {formatAccraDateTime(entry.at)}
        </time>
      </div>
      <p className="text-stone-700">
        <span className="font-medium text-stone-900">{entry.actor.name}</span>
        {entry.actor.id !== null && <span className="text-xs text-stone-500"> (#{entry.actor.id})</span>}
        {" on "}
        <span className="font-mono text-xs break-all">
          {entry.targetType} #{entry.targetId}
        </span>
      </p>
      <p className="break-words">
        <JsonValue value={entry.before} /> <span aria-hidden>→</span>
        <span className="sr-only">changed to</span> <JsonValue value={entry.after} />
      </p>
      {entry.reason && <p className="text-stone-700">Reason: {entry.reason}</p>}
    </li>
  );
}

function AuditFilters({ onApply }: { onApply(filter: AuditFilter): void }) {
  const [action, setAction] = useState("");
  const [actorText, setActorText] = useState("");
  const [actorError, setActorError] = useState<string | undefined>();
  const actionIds = useFieldIds("audit-action", undefined, undefined);
  const actorIds = useFieldIds("audit-actor", "A user's number; empty for everyone.", actorError);

  /** Applies the boxes (the actor box only if it holds a valid id). */
  const apply = (nextAction: string) => {
    const parsed = parseActorId(actorText);
    if ("error" in parsed) {
      setActorError(parsed.error);
      return;
    }
    setActorError(undefined);
    onApply({ action: nextAction, actor: parsed.actor });
  };

  return (
    <form
      aria-label="Filter the audit log"
      noValidate
      className="grid gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        apply(action);
      }}
    >
      <FieldFrame inputId={actionIds.inputId} label="Action">
        <select
          {...actionIds.controlProps}
          value={action}
          onChange={(event) => {
            setAction(event.target.value);
            apply(event.target.value);
          }}
          className={`${inputClass} ${inputStateClass(false)}`}
        >
          {actionPrefixes.map((prefix) => (
            <option key={prefix.value} value={prefix.value}>
              {prefix.label}
            </option>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame
        inputId={actorIds.inputId}
        label="Actor id"
        labelNote="(optional)"
        hint="A user's number; empty for everyone."
        error={actorError}
      >
        <input
          {...actorIds.controlProps}
          value={actorText}
          onChange={(event) => setActorText(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          className={`${inputClass} ${inputStateClass(Boolean(actorError))}`}
        />
      </FieldFrame>
      <Button type="submit" variant="secondary" className="min-h-11 sm:mt-6">
        Show
      </Button>
    </form>
  );
}

/** The filter the page hook below reads: PagedQueue calls its page hook with `before` only. */
const AuditFilterContext = createContext<AuditFilter>({ action: "" });

function useFilteredAuditPage(before?: number) {
  return useAuditPage(use(AuditFilterContext), before);
}

/** Admins: who did what (settings, payments, purchases, proofs, draws), newest first, 50 a page. */
export function AuditLogSection() {
  const [filter, setFilter] = useState<AuditFilter>({ action: "" });
  return (
    <div className="space-y-3">
      <AuditFilters onApply={setFilter} />
      <AuditFilterContext value={filter}>
        <PagedQueue
          key={`${filter.action}|${filter.actor ?? ""}`}
          testId="audit-log"
          usePage={useFilteredAuditPage}
          itemsOf={(page) => page.entries}
          keyOf={(entry) => entry.id}
          renderItem={(entry) => <AuditEntry entry={entry} />}
          skeletonClassName="h-24"
          text={{
            loading: "Loading the audit log",
            loadError: "We couldn't load the audit log.",
            empty: "No audit entries match.",
            list: "Audit log",
            olderList: "Older audit entries",
            loadOlder: "Load older entries",
          }}
        />
      </AuditFilterContext>
    </div>
  );
}
