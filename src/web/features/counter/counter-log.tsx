import { AlertTriangle, CheckCircle2, CloudOff, XCircle } from "lucide-react";
import type { CounterLogEntry } from "../../../shared/contracts/counter";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { accraDay, formatAccraMoment } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { translate, type UiKey } from "../../lib/language";
import { useCounterLog, useQueuedScans } from "./api";
import type { QueuedScan } from "./offline-queue";

const actionLabels: Record<CounterLogEntry["action"], UiKey> = {
  stamp: "counter.action.stamp",
  redeem: "counter.action.redeem",
  lookup: "counter.action.lookup",
  points: "counter.action.points",
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

const stateLook: Record<LineState, { Icon: typeof CheckCircle2; className: string; label: UiKey }> = {
  accepted: { Icon: CheckCircle2, className: "text-green-700", label: "counter.accepted" },
  refused: { Icon: XCircle, className: "text-red-700", label: "counter.refused" },
  waiting: { Icon: CloudOff, className: "text-amber-700", label: "counter.log.saved" },
};

/** A typed short code is worth showing; a member's signed QR is not (and is long). */
function codeShown(qrData: string): string {
  const compact = qrData.trim();
  return compact.length <= 12
    ? translate("counter.log.code", { code: compact.toUpperCase() })
    : translate("counter.log.customerQr");
}

function queuedLine(item: QueuedScan): LogLine {
  const body = item.body;
  const title =
    item.kind === "points" && "points" in body
      ? translate("counter.log.pointsTitle", { points: body.points })
      : translate("action" in body ? actionLabels[body.action] : "counter.log.scan");
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

/** Whole days from the line's time until the hold ends (30 on the day it is held). */
function daysHeld(entry: CounterLogEntry & { held: NonNullable<CounterLogEntry["held"]> }): number {
  return Math.round((Date.parse(entry.held.claimUntil) - Date.parse(entry.scannedAt)) / 86_400_000);
}

function serverLine(entry: CounterLogEntry): LogLine {
  const title =
    entry.action === "points" && entry.points !== null
      ? translate("counter.log.pointsTitle", { points: entry.points })
      : translate(actionLabels[entry.action]);
  const who = entry.held
    ? translate("counter.log.heldFor", {
        phone: entry.held.maskedPhone,
        days: daysHeld({ ...entry, held: entry.held }),
      })
    : entry.memberName;
  return {
    // A held check-in's id is the check-in's, not a scan's.
    key: `${entry.held ? "held" : "log"}-${entry.id}`,
    state: entry.accepted ? "accepted" : "refused",
    title: who ? `${title} · ${who}` : title,
    message: entry.message,
    detail: `${formatAccraMoment(Date.parse(entry.scannedAt))} · ${entry.staffName}`,
    synced: entry.synced,
    suspicious: entry.isSuspicious ? entry.suspiciousReasons : null,
  };
}

function LogItem({ line }: { line: LogLine }) {
  const t = useT();
  const look = stateLook[line.state];
  const synced = line.synced ? ` · ${t("counter.log.synced")}` : "";
  const status = line.state === "waiting" ? t("counter.savedWaiting") : `${t(look.label)}${synced}`;
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
            {t("counter.log.flagged")}
            {line.suspicious.length ? `: ${line.suspicious.join("; ")}` : ""}
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
  const t = useT();
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
    <Card title={t("counter.log.title")} testId="counter-log">
      {log.isPending && lines.length === 0 ? (
        <div role="status" aria-label={t("counter.log.loading")} className="space-y-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : lines.length === 0 ? (
        <p className="text-stone-700">{t(log.isError ? "counter.log.loadFailed" : "counter.log.empty")}</p>
      ) : (
        <ul aria-label={t("counter.log.title")} className="divide-y divide-stone-200">
          {lines.map((line) => (
            <LogItem key={line.key} line={line} />
          ))}
        </ul>
      )}
      {log.isError && (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <span>
            {lines.length > 0 ? t("counter.log.onlyThisPhone") : ""} {t("counter.log.checkConnection")}
          </span>
          <Button variant="secondary" className="min-h-11" onClick={() => void log.refetch()}>
            {t("counter.tryAgain")}
          </Button>
        </div>
      )}
    </Card>
  );
}
