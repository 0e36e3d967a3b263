import { type FormEvent, useEffect, useState } from "react";
import { PageSwitcher } from "../../components/page-switcher";
import { Button } from "../../components/ui/button";
import { FieldFrame, inputClass, inputStateClass, useFieldIds } from "../../components/ui/field-parts";
import { Skeleton } from "../../components/ui/skeleton";
import { useMembersSearch } from "./api";
import { MemberPanel } from "./member-panel";

const searchHint = "An Anigye ID (ANG-…), a phone number, or the start of a name or email.";
/** How long typing pauses before the list follows it: one search per pause, not one per key. */
const searchAfterMs = 300;

/** Admins: find a member and open their page. */
export function MembersSection() {
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const results = useMembersSearch(q, page);
  const ids = useFieldIds("member-search", searchHint, undefined);
  const search = (text: string) => {
    setQ(text);
    setPage(1);
  };

  // The list follows the typing once it pauses; Search (or Enter) searches at once.
  useEffect(() => {
    if (typed.trim() === q.trim()) return;
    const timer = setTimeout(() => {
      setQ(typed);
      setPage(1);
    }, searchAfterMs);
    return () => clearTimeout(timer);
  }, [typed, q]);

  return (
    <div className="space-y-3">
      <form
        aria-label="Find a member"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          search(typed);
        }}
      >
        <FieldFrame inputId={ids.inputId} label="Find a member" hint={searchHint} className="min-w-0 flex-1">
          <input
            {...ids.controlProps}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={100}
            autoComplete="off"
            className={`${inputClass} ${inputStateClass(false)}`}
          />
        </FieldFrame>
        <Button type="submit" className="min-h-11">
          Search
        </Button>
      </form>
      {openId !== null && <MemberPanel userId={openId} onClose={() => setOpenId(null)} />}
      {results.isPending && <Skeleton className="h-32" />}
      {results.isError && (
        <p role="alert" className="text-sm text-stone-800">
          We couldn't search members.{" "}
          <Button variant="secondary" onClick={() => void results.refetch()}>
            Try again
          </Button>
        </p>
      )}
      {results.data && (
        <>
          <p className="text-sm text-stone-700" aria-live="polite">
            {results.data.total === 1 ? "1 member" : `${results.data.total} members`}
            {q ? ` match "${q}"` : ""}
          </p>
          <ul
            className="divide-y divide-stone-100 rounded-2xl bg-white ring-1 ring-stone-200"
            data-testid="members-list"
          >
            {results.data.items.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">
                    {member.displayName}
                    {member.role !== "user" && (
                      <span className="ml-2 text-xs text-stone-600">({member.role})</span>
                    )}
                    {member.status === "suspended" && (
                      <span className="ml-2 rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800">
                        Suspended
                      </span>
                    )}
                  </p>
                  <p className="text-sm break-all text-stone-600">
                    {member.email} · <span className="font-mono">{member.anigyeId}</span> · {member.xpPoints}{" "}
                    XP
                  </p>
                </div>
                <Button variant="secondary" className="min-h-11" onClick={() => setOpenId(member.id)}>
                  Open<span className="sr-only"> {member.displayName}</span>
                </Button>
              </li>
            ))}
          </ul>
          <PageSwitcher
            page={page}
            pageSize={results.data.pageSize}
            total={results.data.total}
            onPage={setPage}
            label="members"
          />
        </>
      )}
    </div>
  );
}
