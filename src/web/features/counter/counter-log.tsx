import { AlertTriangle, CheckCircle2, CloudOff, XCircle } from "lucide-react";
import type { CounterLogEntry } from "../../../shared/contracts/counter";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { accraDay, formatAccraMoment } from "../../lib/dates";
import { useCounterLog, useQueuedScans } from "./api";
import type { QueuedScan } from "./offline-queue";

const actionLabels: Record<CounterLogEntry["action"], string> = {
  stamp: "Stamp",
  redeem: "Redeem",
  lookup: "Look up",
  points: "Points",
};

type LineState = "accepted" | "refused" | "waiting";

interface LogLine {
  key: string;
  state: LineState;
  title: string;
  message: string | null;
  detail: string;
  /** Made offline and sent later. */
  synced: boolean;
  suspicious: string[] | null;
}

const stateLook: Record<LineState, { Icon: typeof CheckCircle2; className: string; label: string }> = {
  accepted: { Icon: CheckCircle2, className: "text-green-700", label: "Accepted" },
  refused: { Icon: XCircle, className: "text-red-700", label: "Refused" },
  waiting: { Icon: CloudOff, className: "text-amber-700", label: "Saved" },
};

/** A typed short code is worth showing; a member's signed QR is not (and is long). */
function codeShown(qrData: string): string {
  const compact = qrData.trim();
  return compact.length <= 12 ? `Code ${compact.toUpperCase()}` : "Customer's QR";
}

function queuedLine(item: QueuedScan): LogLine {
  const body = item.body;
  const title =
    item.kind === "points" && "points" in body
      ? `Points +${body.points}`
      : "action" in body
        ? actionLabels[body.action]
        : "Scan";
  return {
    key: `queued-${item.idempotencyKey}`,
    state: item.status,
    title: `${title} · ${item.memberName ?? codeShown(body.qrData)}`,
    message: item.message,
    detail: `${formatAccraMoment(Date.parse(item.scannedAt))} · ${item.staffName}`,
    synced: item.status !== "waiting",
    suspicious: null,
  };
}

function serverLine(entry: CounterLogEntry): LogLine {
  const title =
    entry.action === "points" && entry.points !== null
      ? `Points +${entry.points}`
      : actionLabels[entry.action];
  return {
    key: `log-${entry.id}`,
    state: entry.accepted ? "accepted" : "refused",
    title: entry.memberName ? `${title} · ${entry.memberName}` : title,
    message: entry.message,
    detail: `${formatAccraMoment(Date.parse(entry.scannedAt))} · ${entry.staffName}`,
    synced: entry.synced,
    suspicious: entry.isSuspicious ? entry.suspiciousReasons : null,
  };
}

function LogItem({ line }: { line: LogLine }) {
  const look = stateLook[line.state];
  const status =
    line.state === "waiting" ? "Saved — waiting to sync" : `${look.label}${line.synced ? " · synced" : ""}`;
  return (
    <li className="flex gap-3 py-3" data-state={line.state}>
      <look.Icon className={`mt-0.5 size-6 shrink-0 ${look.className}`} aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-bold break-words text-stone-950">{line.title}</p>
        {line.message && <p className="text-sm break-words text-stone-800">{line.message}</p>}
        <p className="text-xs text-stone-600">
          {line.detail} ·{" "}
          <span
            className={`font-bold ${line.state === "waiting" ? "rounded bg-amber-200 px-1 text-amber-950" : look.className}`}
          >
            {status}
          </span>
        </p>
        {line.suspicious && (
          <p className="mt-1 flex items-start gap-1 text-xs font-semibold text-red-800">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            Flagged{line.suspicious.length ? `: ${line.suspicious.join("; ")}` : ""}
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * Today's counter work: this phone's scans still waiting to sync on top, then the server's log (scans
 * made offline are marked "synced"). A scan answered at sync shows here until the server's log, read
 * again, has it.
 */
export function CounterLog({ companyId }: { companyId: number }) {
  const log = useCounterLog();
  const queued = useQueuedScans(companyId);
  const today = accraDay(new Date());
  const local = (queued.data ?? []).filter((item) => accraDay(new Date(item.scannedAt)) === today);
  const waiting = local.filter((item) => item.status === "waiting");
  const answeredSinceRead = local.filter(
    (item) => item.status !== "waiting" && item.finishedAt && Date.parse(item.finishedAt) > log.dataUpdatedAt,
  );
  const lines = [...waiting, ...answeredSinceRead].map(queuedLine).concat((log.data ?? []).map(serverLine));

  return (
    <Card title="Today's log" testId="counter-log">
      {log.isPending && lines.length === 0 ? (
        <div role="status" aria-label="Loading today's log" className="space-y-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : lines.length === 0 ? (
        <p className="text-stone-700">
          {log.isError ? "Today's log couldn't be loaded." : "No scans yet today."}
        </p>
      ) : (
        <ul aria-label="Today's log" className="divide-y divide-stone-200">
          {lines.map((line) => (
            <LogItem key={line.key} line={line} />
          ))}
        </ul>
      )}
      {log.isError && (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <span>{lines.length > 0 ? "Only this phone's scans are shown." : ""} Check your connection.</span>
          <Button variant="secondary" className="min-h-11" onClick={() => void log.refetch()}>
            Try again
          </Button>
        </div>
      )}
    </Card>
  );
}
