import { Link } from "react-router";
import { type RewardType, rewardTypeLabels } from "../../../shared/contracts/ad-options";
import type { AdminMemberDetail } from "../../../shared/contracts/admin-members";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { formatAccraDateTime } from "../../lib/dates";
import { useMemberDetail } from "./api";
import { MemberActions } from "./member-actions";

const when = (iso: string | null) => (iso ? formatAccraDateTime(iso) : "—");

function RiskBlock({ risk }: { risk: AdminMemberDetail["risk"] }) {
  const tone =
    risk.score >= 50
      ? "bg-red-50 ring-red-200"
      : risk.score > 0
        ? "bg-amber-50 ring-amber-200"
        : "bg-white ring-stone-200";
  return (
    <div className={`rounded-xl p-3 ring-1 ${tone}`} data-testid="member-risk" data-score={risk.score}>
      <p className="font-semibold text-stone-900">Risk {risk.score} of 100</p>
      {risk.reasons.length === 0 ? (
        <p className="text-sm text-stone-700">No fraud signals in the last 30 days.</p>
      ) : (
        <ul className="mt-1 list-inside list-disc text-sm text-stone-800">
          {risk.reasons.map((reason) => (
            <li key={reason.type}>
              {reason.text} (+{reason.points})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LedgerTable({ rows }: { rows: AdminMemberDetail["ledger"] }) {
  if (rows.length === 0) return <p className="text-sm text-stone-600">No ledger rows yet.</p>;
  return (
    // The table scrolls sideways inside this box on a narrow phone; the panel and the page never do.
    <div className="max-w-full overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="member-ledger">
        <caption className="sr-only">Newest ledger rows</caption>
        <thead className="text-xs text-stone-600">
          <tr>
            <th scope="col" className="py-1 pr-3">
              When
            </th>
            <th scope="col" className="py-1 pr-3">
              Why
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-stone-100" data-reason={row.reason}>
              <td className="py-1 pr-3 whitespace-nowrap">{formatAccraDateTime(row.createdAt)}</td>
              <td className="py-1 pr-3">
                {row.reason}
                {row.reversesEntryId !== null && ` (reverses #${row.reversesEntryId})`}
              </td>
              <td
                className={`py-1 pr-3 text-right font-mono ${row.amount < 0 ? "text-red-700" : "text-stone-900"}`}
              >
                {row.amount > 0 ? "+" : ""}
                {row.amount} {row.currency === "xp" ? "XP" : "pts"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Details({ detail }: { detail: AdminMemberDetail }) {
  const { member } = detail;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-600">Anigye ID</dt>
          <dd className="font-mono text-stone-900">{member.anigyeId}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Status</dt>
          <dd className="font-semibold text-stone-900" data-testid="member-status">
            {member.status === "active" ? "Active" : "Suspended"}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Role</dt>
          <dd className="text-stone-900">{member.role}</dd>
        </div>
        <div>
          <dt className="text-stone-600">XP (ledger sum)</dt>
          <dd className="text-stone-900" data-testid="member-xp">
            {member.xpPoints} ({member.xpLedgerSum})
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Tier · counter points</dt>
          <dd className="text-stone-900">
            {member.tier} · {member.prizePoints}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Phone</dt>
          <dd className="text-stone-900">
            {member.phoneNumber ?? "—"} {member.isPhoneVerified ? "(verified)" : ""}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Joined · last sign-in</dt>
          <dd className="text-stone-900">
            {when(member.createdAt)} · {when(member.lastLoginAt)}
          </dd>
        </div>
      </dl>
      {member.status === "suspended" && (
        <p className="rounded-xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          Suspended {when(member.suspendedAt)}: {member.suspensionReason}
        </p>
      )}
      <MemberActions member={member} />
      <RiskBlock risk={detail.risk} />
      <p className="text-sm">
        <Link
          to={`/admin-anti-cheat?userId=${member.id}`}
          className="font-semibold text-amber-800 hover:underline"
        >
          This member's fraud signals
        </Link>
      </p>
      <section aria-label="Ledger" className="space-y-1">
        <h4 className="font-semibold text-stone-900">Ledger</h4>
        <LedgerTable rows={detail.ledger} />
      </section>
      <section aria-label="Devices" className="space-y-1">
        <h4 className="font-semibold text-stone-900">Devices</h4>
        {detail.devices.length === 0 ? (
          <p className="text-sm text-stone-600">No watching devices recorded.</p>
        ) : (
          <ul className="text-sm text-stone-800">
            {detail.devices.map((device) => (
              <li key={device.fingerprint} className="break-all">
                <span className="font-mono text-xs">{device.fingerprint}</span>: {device.accounts}{" "}
                {device.accounts === 1 ? "account" : "accounts"}, last seen {when(device.lastSeen)} · device
                risk {device.risk.summary}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Recent views and rewards" className="grid gap-3 sm:grid-cols-2">
        <div>
          <h4 className="font-semibold text-stone-900">Recent views</h4>
          <ul className="text-sm text-stone-800">
            {detail.views.map((view) => (
              <li key={view.id}>
                “{view.adTitle}”: {Math.round(view.watchedSeconds)} s{view.completed ? ", verified" : ""} ·{" "}
                {when(view.startedAt)}
              </li>
            ))}
            {detail.views.length === 0 && <li className="text-stone-600">None yet.</li>}
          </ul>
        </div>
        <div>
          <h4 className="font-semibold text-stone-900">Rewards</h4>
          <ul className="text-sm text-stone-800">
            {detail.rewards.map((reward) => (
              <li key={reward.id}>
                {rewardTypeLabels[reward.rewardType as RewardType] ?? reward.rewardType} from “
                {reward.adTitle}” by {reward.companyName}
                {reward.isUsed ? ", used" : ""} · {when(reward.createdAt)}
              </li>
            ))}
            {detail.rewards.length === 0 && <li className="text-stone-600">None yet.</li>}
          </ul>
        </div>
      </section>
    </div>
  );
}

/** A member's page inside the admin screens, with the actions an admin may take. */
export function MemberPanel({ userId, onClose }: { userId: number; onClose(): void }) {
  const detail = useMemberDetail(userId);
  return (
    <section
      aria-label="Member details"
      className="min-w-0 space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-amber-300"
      data-testid="member-panel"
    >
      {/* On a 360 px phone a long email breaks anywhere rather than pushing Close off the panel. */}
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-bold wrap-anywhere text-stone-900">
          {detail.data ? `${detail.data.member.displayName} · ${detail.data.member.email}` : "Member"}
        </h3>
        <Button variant="ghost" className="min-h-11 shrink-0" onClick={onClose}>
          Close
        </Button>
      </div>
      {detail.isPending && <Skeleton className="h-40" />}
      {detail.isError && (
        <div role="alert" className="text-sm text-stone-800">
          We couldn't load this member.{" "}
          <Button variant="secondary" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {detail.data && <Details detail={detail.data} />}
    </section>
  );
}
