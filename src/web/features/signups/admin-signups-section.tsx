import * as Tabs from "@radix-ui/react-tabs";
import { Download } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { brand } from "../../../shared/brand";
import {
  type ConsumerSignupItem,
  type MerchantSignupItem,
  type SignupKind,
  type SignupStatus,
  type SignupsResponse,
  signupKinds,
  signupStatuses,
  signupsPageSize,
} from "../../../shared/contracts/signups";
import { Button, buttonClass } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { FieldFrame, inputClass, inputStateClass, useFieldIds } from "../../components/ui/field-parts";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api-client";
import { formatAccraDate } from "../../lib/dates";
import { formatPhone } from "../../lib/format";
import { type SignupsView, signupsExportUrl, useAdminSignups, useInviteSignup } from "./api";

type Signup = { kind: "consumer"; item: ConsumerSignupItem } | { kind: "merchant"; item: MerchantSignupItem };

const kindNames: Record<SignupKind, { tab: string; plural: string; one: string }> = {
  consumer: { tab: "Consumers", plural: "consumer signups", one: "consumer signup" },
  merchant: { tab: "Merchants", plural: "merchant signups", one: "merchant signup" },
};
const statusNames: Record<SignupStatus, string> = {
  all: "All",
  waiting: "Waiting",
  converted: "Converted",
};
const tabClass =
  "flex-1 rounded-xl px-4 py-2 text-sm font-semibold text-stone-600 data-[state=active]:bg-white data-[state=active]:text-amber-800 data-[state=active]:shadow";

/** The server's words for a refused or failed invitation (a failed email is a 503 that says what to do). */
function inviteFailureMessage(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.serverMessage &&
    (error.status < 500 || error.code === "UNAVAILABLE")
  ) {
    return error.serverMessage;
  }
  return "The invitation could not be sent. Please try again.";
}

/** What the invitation does, said before it is sent. */
function inviteExplanation({ kind, item }: Signup): string {
  return kind === "consumer"
    ? `${item.email} gets a link to create their ${brand.name} account, with their email filled in.`
    : `${item.email} gets a link to the business plans and is told the ${brand.name} team will set up their account. Register the business afterwards to send its setup link.`;
}

function Filters({ view, onApply }: { view: SignupsView; onApply(view: SignupsView): void }) {
  const [q, setQ] = useState(view.q);
  const searchIds = useFieldIds("signup-search", undefined, undefined);
  const statusIds = useFieldIds("signup-status", undefined, undefined);
  const fieldClass = `${inputClass} ${inputStateClass(false)}`;
  return (
    <search>
      <form
        aria-label={`Find ${kindNames[view.kind].plural}`}
        noValidate
        className="grid gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onApply({ ...view, q, page: 1 });
        }}
      >
        <FieldFrame inputId={searchIds.inputId} label="Search">
          <input
            {...searchIds.controlProps}
            type="search"
            value={q}
            maxLength={100}
            placeholder={view.kind === "merchant" ? "Name, company, email or phone" : "Name, email or phone"}
            onChange={(event) => setQ(event.target.value)}
            className={fieldClass}
          />
        </FieldFrame>
        <FieldFrame inputId={statusIds.inputId} label="Status">
          <select
            {...statusIds.controlProps}
            value={view.status}
            onChange={(event) => onApply({ ...view, q, status: event.target.value as SignupStatus, page: 1 })}
            className={fieldClass}
          >
            {signupStatuses.map((status) => (
              <option key={status} value={status}>
                {statusNames[status]}
              </option>
            ))}
          </select>
        </FieldFrame>
        <Button type="submit" variant="secondary" className="min-h-11">
          Search
        </Button>
      </form>
    </search>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}

const orDash = (value: string | null) => value || "—";
const yesNo = (value: boolean) => (value ? "Yes" : "No");

function SignupDetails({ signup }: { signup: Signup }) {
  if (signup.kind === "consumer") {
    const { item } = signup;
    const place = [item.city, item.region].filter(Boolean).join(", ");
    return (
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Detail label="City, region">{orDash(place)}</Detail>
        <Detail label="Age">{orDash(item.age)}</Detail>
        <Detail label="Occupation">{orDash(item.occupation)}</Detail>
        <Detail label="Signed up">{formatAccraDate(item.createdAt)}</Detail>
        <Detail label="Marketing emails">{yesNo(item.marketingConsent)}</Detail>
        <Detail label="SMS">{yesNo(item.smsConsent)}</Detail>
        <Detail label="Will give feedback">{yesNo(item.feedbackWillingness)}</Detail>
      </dl>
    );
  }
  const { item } = signup;
  const place = [item.location, item.region].filter(Boolean).join(", ");
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      <Detail label="Business type">{orDash(item.businessType)}</Detail>
      <Detail label="Location">{orDash(place)}</Detail>
      <Detail label="Expected spend">{orDash(item.expectedSpend)}</Detail>
      <Detail label="Signed up">{formatAccraDate(item.createdAt)}</Detail>
      <Detail label="Urgency">{orDash(item.urgency)}</Detail>
      <Detail label="Call back">{orDash(item.callbackTime)}</Detail>
      <Detail label="Language">{item.preferredLanguage}</Detail>
      <Detail label="Marketing emails">{yesNo(item.marketingConsent)}</Detail>
    </dl>
  );
}

function SignupRow({ signup, onInvite }: { signup: Signup; onInvite(): void }) {
  const titleId = useId();
  const { item } = signup;
  const business = signup.kind === "merchant" ? signup.item.company : null;
  const title = signup.kind === "merchant" ? signup.item.title : null;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="admin-signup"
        data-status={item.isConverted ? "converted" : "waiting"}
        className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} className="font-bold break-words text-stone-900">
              {item.name}
              {business && <span className="font-normal text-stone-600"> · {business}</span>}
            </h3>
            <p className="text-sm break-all text-stone-700">
              <a href={`mailto:${item.email}`} className="text-amber-800 hover:underline">
                {item.email}
              </a>
              {item.phone && (
                <>
                  {" · "}
                  <a href={`tel:${item.phone}`} className="text-amber-800 hover:underline">
                    {formatPhone(item.phone)}
                  </a>
                </>
              )}
            </p>
            {(item.username || title) && (
              <p className="text-xs text-stone-500">
                {[title, item.username ? `@${item.username}` : null].filter(Boolean).join(" · ")}
              </p>
            )}
          </div>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold ${
              item.isConverted ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900"
            }`}
          >
            {item.isConverted ? "Converted" : "Waiting"}
          </span>
        </div>
        <SignupDetails signup={signup} />
        {!item.isConverted && (
          <div className="pt-1">
            <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={onInvite}>
              Invite
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

function Pager({
  view,
  total,
  busy,
  onPage,
}: {
  view: SignupsView;
  total: number;
  busy: boolean;
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(total / signupsPageSize));
  if (pages <= 1 && view.page <= 1) return null;
  return (
    <nav aria-label="Signup pages" className="flex items-center justify-between gap-2">
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-sm"
        disabled={view.page <= 1 || busy}
        onClick={() => onPage(Math.min(view.page - 1, pages))}
      >
        Previous
      </Button>
      <p className="text-sm text-stone-600" aria-live="polite">
        Page {view.page} of {pages}
      </p>
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-sm"
        disabled={view.page >= pages || busy}
        onClick={() => onPage(view.page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

function InviteConfirmation({ signup, onDone }: { signup: Signup; onDone(): void }) {
  const invite = useInviteSignup();
  const send = () =>
    invite.mutate(
      { kind: signup.kind, id: signup.item.id },
      {
        onSuccess: (result) => {
          toast({ title: "Invitation sent", description: result.message });
          onDone();
        },
        onError: (failure) => {
          toast({
            title: "Invitation not sent",
            description: inviteFailureMessage(failure),
            variant: "destructive",
          });
          onDone();
        },
      },
    );
  return (
    <div className="space-y-4">
      <p className="text-stone-700">{inviteExplanation(signup)}</p>
      <p className="text-sm text-stone-600">
        The signup is then marked converted. Each signup is invited once.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button pending={invite.isPending} pendingLabel="Sending…" onClick={send}>
          Send invitation
        </Button>
        <Button variant="secondary" disabled={invite.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function signupsOf(data: SignupsResponse): Signup[] {
  return data.kind === "consumer"
    ? data.items.map((item) => ({ kind: "consumer" as const, item }))
    : data.items.map((item) => ({ kind: "merchant" as const, item }));
}

function SignupsList({ view, onView }: { view: SignupsView; onView(view: SignupsView): void }) {
  const query = useAdminSignups(view);
  const [inviting, setInviting] = useState<Signup | null>(null);
  const filtered = Boolean(view.q.trim()) || view.status !== "all";
  const names = kindNames[view.kind];

  // The previous page stays on screen while the next loads, but never another kind's rows.
  const data = query.data?.kind === view.kind ? query.data : undefined;
  let body: ReactNode;
  if (query.isError && !data) {
    body = (
      <LoadError message={`We couldn't load the ${names.plural}.`} onRetry={() => void query.refetch()} />
    );
  } else if (!data) {
    body = (
      <div role="status" aria-label={`Loading ${names.plural}`} className="space-y-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  } else {
    const { total } = data;
    const signups = signupsOf(data);
    body = (
      <>
        <p className="text-sm text-stone-600" aria-live="polite">
          {total} {total === 1 ? names.one : names.plural}
          {filtered ? " match" : ""}
        </p>
        {signups.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-sm text-stone-600 ring-1 ring-stone-200">
            {filtered
              ? "No signups match. Change the search or the status."
              : view.page > 1
                ? "No signups on this page."
                : `No ${names.plural} yet.`}
          </p>
        ) : (
          <ul className="space-y-3" aria-label={names.tab} aria-busy={query.isPlaceholderData || undefined}>
            {signups.map((signup) => (
              <SignupRow key={signup.item.id} signup={signup} onInvite={() => setInviting(signup)} />
            ))}
          </ul>
        )}
        <Pager
          view={view}
          total={total}
          busy={query.isPlaceholderData}
          onPage={(page) => onView({ ...view, page })}
        />
      </>
    );
  }

  return (
    <>
      {body}
      <Dialog
        open={inviting !== null}
        onClose={() => setInviting(null)}
        title={inviting ? `Invite ${inviting.item.name}?` : "Invite"}
      >
        {inviting && <InviteConfirmation signup={inviting} onDone={() => setInviting(null)} />}
      </Dialog>
    </>
  );
}

/**
 * Admins: the early-access lists (consumers from /early-access, merchants from /merchant-pitch), 25 a
 * page, searchable, exportable as CSV, with an invitation per waiting signup.
 */
export function AdminSignupsSection() {
  const [view, setView] = useState<SignupsView>({ kind: "consumer", q: "", status: "all", page: 1 });
  return (
    <Tabs.Root
      value={view.kind}
      onValueChange={(kind) => setView({ kind: kind as SignupKind, q: "", status: "all", page: 1 })}
      className="space-y-3"
      data-testid="admin-signups"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Tabs.List aria-label="Kind of signup" className="flex min-w-60 gap-1 rounded-2xl bg-stone-100 p-1">
          {signupKinds.map((kind) => (
            <Tabs.Trigger key={kind} value={kind} className={tabClass}>
              {kindNames[kind].tab}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <a
          href={signupsExportUrl(view)}
          download
          title="Every signup of this kind that matches the search and status, on all pages"
          className={buttonClass("secondary", "px-3 py-1.5 text-sm")}
        >
          <Download className="size-4" aria-hidden />
          Export CSV
        </a>
      </div>
      {signupKinds.map((kind) => (
        <Tabs.Content key={kind} value={kind} className="space-y-3">
          {/* Keyed by kind: switching tabs starts with an empty search box. */}
          <Filters key={kind} view={view} onApply={setView} />
          <SignupsList view={view} onView={setView} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
