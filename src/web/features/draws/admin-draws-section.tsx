import { Download, ExternalLink } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { accraDay } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import type { AdminDraw, DrawPublic } from "../../../shared/contracts/draws";
import {
  createCompetitionForm,
  isoToAccraInput,
  pesewasToCedisInput,
  runDrawForm,
  type UpdateDrawFormValues,
  updateDrawForm,
} from "../../../shared/forms/draws";
import { tierIds, tierLabel } from "../../../shared/tiers";
import { drawPath } from "../../app/paths";
import { FormActions } from "../../components/form-actions";
import { Button, buttonClass } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { CheckboxField, Form, SelectField, TextAreaField, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDateTime } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { drawRecordUrl, useAdminDraws, useCreateCompetition, useRunDraw, useUpdateDraw } from "./api";

const statusText: Record<AdminDraw["status"], { label: string; className: string }> = {
  open: { label: "Open for entries", className: "bg-sky-100 text-sky-900" },
  ready: { label: "Ready to draw", className: "bg-amber-100 text-amber-900" },
  drawn: { label: "Drawn", className: "bg-green-100 text-green-800" },
};

/**
 * A refused request's message for an alert under the form: the server's own reason (a 409 may mean
 * entries are still open or being closed, or that someone else drew it: only the server knows which).
 */
export function failureText(failure: unknown, fallback: string): string {
  return serverMessage(failure) ?? fallback;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="break-words text-stone-900">{children}</dd>
    </div>
  );
}

/**
 * The edit form starts from the draw as it is: the save replaces the prize and announcement whole, so
 * moving only the date keeps the description and value (and, once entries close, the fixed prize).
 */
export function editDrawDefaults(draw: AdminDraw): UpdateDrawFormValues {
  return {
    prizeTitle: draw.prizeTitle,
    prizeDescription: draw.prizeDescription ?? "",
    prizeValueCedis: pesewasToCedisInput(draw.prizeValuePesewas),
    drawDate: isoToAccraInput(draw.drawDate),
    publicRandomnessSource: draw.publicRandomnessSource ?? "",
  };
}

export function EditDrawForm({ draw, onDone }: { draw: AdminDraw; onDone(): void }) {
  const update = useUpdateDraw(draw.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(updateDrawForm, { defaultValues: editDrawDefaults(draw) });
  return (
    <Form
      form={form}
      aria-label={`Edit ${draw.title}`}
      className="space-y-3 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200"
      onValid={(body) => {
        setAlert(null);
        update.mutate(body, {
          onSuccess: () => {
            toast({ title: "Draw saved", description: draw.title });
            onDone();
          },
          onError: (failure) => {
            const applied = applyServerErrors(form, failure);
            if (Object.keys(applied).length === 0)
              setAlert(failureText(failure, "The draw could not be saved."));
          },
        });
      }}
    >
      <PrizeFields />
      <TextField name="drawDate" label="Draw date and time (Accra)" type="datetime-local" />
      <TextField
        name="publicRandomnessSource"
        label="Public randomness source"
        labelNote="(optional)"
        hint="Announce it before the draw, e.g. “drand quicknet round 12345678”."
        maxLength={200}
      />
      <FormActions
        alert={alert}
        submitLabel="Save draw"
        pending={update.isPending}
        pendingLabel="Saving…"
        onCancel={onDone}
      />
    </Form>
  );
}

function RunDrawForm({
  draw,
  onDrawn,
  onCancel,
}: {
  draw: AdminDraw;
  onDrawn(result: DrawPublic): void;
  onCancel(): void;
}) {
  const run = useRunDraw(draw);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(runDrawForm, { defaultValues: { publicRandomness: "" } });
  return (
    <Form
      form={form}
      aria-label={`Run ${draw.title}`}
      className="space-y-3 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200"
      onValid={(body) => {
        setAlert(null);
        run.mutate(body, {
          onSuccess: (result) => {
            toast({
              title: "Draw done",
              description: result.winner
                ? `${result.winner.displayName} won ${result.prizeTitle}.`
                : draw.title,
            });
            onDrawn(result);
          },
          onError: (failure) => {
            const applied = applyServerErrors(form, failure);
            if (Object.keys(applied).length === 0)
              setAlert(failureText(failure, "The draw could not be run."));
          },
        });
      }}
    >
      <p className="text-sm text-stone-800">
        Drawing reveals the seed and picks the winner from the {draw.totalEntries} entries. It can't be
        undone.
      </p>
      <TextField
        name="publicRandomness"
        label="Public randomness value"
        labelNote={draw.publicRandomnessSource ? undefined : "(none announced)"}
        required={draw.publicRandomnessSource !== null}
        hint={
          draw.publicRandomnessSource
            ? `Type the value of the announced source: ${draw.publicRandomnessSource}.`
            : "No source was announced; leave it empty."
        }
        autoComplete="off"
        maxLength={200}
      />
      <FormActions
        alert={alert}
        submitLabel="Run the draw"
        submitTestId={`run-draw-${draw.id}`}
        pending={run.isPending}
        pendingLabel="Drawing…"
        onCancel={onCancel}
      />
    </Form>
  );
}

export function DrawRow({ draw }: { draw: AdminDraw }) {
  const [mode, setMode] = useState<"view" | "edit" | "run">("view");
  const [result, setResult] = useState<DrawPublic | null>(null);
  const status = statusText[draw.status];
  const publicPath = drawPath(draw.kind, draw.id);
  return (
    <li
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      data-testid="admin-draw"
      data-draw-id={draw.id}
      data-kind={draw.kind}
      data-month={draw.month}
      data-status={draw.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold text-stone-600 uppercase">
            {draw.kind === "competition" ? "Competition" : "Monthly draw"} · {draw.month}
          </p>
          <h3 className="font-bold text-stone-900">{draw.title}</h3>
          <p className="text-sm text-stone-700">Prize: {draw.prizeTitle}</p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${status.className}`}>
          {status.label}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Detail label="Members">{draw.members}</Detail>
        <Detail label="Entries">{draw.totalEntries}</Detail>
        <Detail label="Entries close">
          {draw.registrationDeadline ? formatAccraDateTime(draw.registrationDeadline) : "—"}
        </Detail>
        <Detail label="Draw date">{draw.drawDate ? formatAccraDateTime(draw.drawDate) : "—"}</Detail>
      </dl>
      <dl className="grid gap-2 text-sm">
        <Detail label="Commitment (SHA-256 of the seed)">
          <span className="font-mono text-xs break-all">{draw.commitment}</span>
        </Detail>
        <Detail label="Public randomness source">{draw.publicRandomnessSource ?? "None announced"}</Detail>
      </dl>
      {draw.status === "drawn" && (
        <div
          className="space-y-1 rounded-xl bg-green-50 p-3 text-sm ring-1 ring-green-200"
          data-testid="admin-draw-winner"
        >
          <p className="text-stone-900">
            Drawn {draw.drawnAt ? formatAccraDateTime(draw.drawnAt) : ""}.{" "}
            {draw.winner ? (
              <>
                Winner: <strong>{draw.winner.displayName}</strong>{" "}
                <span className="font-mono text-xs">({draw.winner.member})</span>
              </>
            ) : (
              "No winner (no entries)."
            )}
          </p>
          {draw.winner && (
            <p className="text-stone-700">
              Contact: {[draw.winner.email, draw.winner.phone].filter(Boolean).join(" · ") || "none on file"}
            </p>
          )}
          <p className="font-semibold text-stone-800">
            {draw.prizeClaimedAt
              ? `Prize claimed ${formatAccraDateTime(draw.prizeClaimedAt)}`
              : "Prize not claimed yet"}
          </p>
        </div>
      )}
      {result && (
        <p role="status" className="rounded-xl bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200">
          Drawn: ticket {result.winningTicket} of {result.totalEntries}.{" "}
          {result.winner ? `${result.winner.displayName} wins.` : "No winner."}{" "}
          <Link to={publicPath} className="font-semibold underline">
            Open the public page
          </Link>
        </p>
      )}
      {mode === "edit" && <EditDrawForm draw={draw} onDone={() => setMode("view")} />}
      {mode === "run" && (
        <RunDrawForm
          draw={draw}
          onCancel={() => setMode("view")}
          onDrawn={(drawn) => {
            setResult(drawn);
            setMode("view");
          }}
        />
      )}
      {mode === "view" && (
        <div className="flex flex-wrap gap-2">
          {draw.status === "open" && (
            <Button variant="secondary" className="min-h-11" onClick={() => setMode("edit")}>
              Edit prize and date
            </Button>
          )}
          {/* Only a ready draw (entries closed, not drawn) can run; the server says why otherwise. */}
          {draw.status === "ready" && (
            <Button className="min-h-11" onClick={() => setMode("run")}>
              Run the draw…
            </Button>
          )}
          <Link to={publicPath} className={buttonClass("secondary", "min-h-11")}>
            <ExternalLink className="size-4" aria-hidden /> Public page
          </Link>
          {draw.status === "drawn" && (
            <a
              href={drawRecordUrl(draw.kind, draw.id)}
              download
              className={buttonClass("secondary", "min-h-11")}
            >
              <Download className="size-4" aria-hidden /> Export record
            </a>
          )}
        </div>
      )}
    </li>
  );
}

function thisAccraMonth(): string {
  return accraDay(new Date()).slice(0, 7);
}

function NewCompetitionForm() {
  const create = useCreateCompetition();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(createCompetitionForm, {
    defaultValues: {
      title: "",
      description: "",
      prizeTitle: "",
      prizeDescription: "",
      prizeValueCedis: "",
      sponsorCompanyId: "",
      minimumTier: "bronze",
      requiresPlus: true,
      minimumValidatedRedemptions: "3",
      minimumSocialShares: "2",
      month: thisAccraMonth(),
      drawDate: "",
      publicRandomnessSource: "",
    },
  });
  return (
    <Form
      form={form}
      aria-label="New competition"
      className="space-y-3"
      onValid={(body) => {
        setAlert(null);
        create.mutate(body, {
          onSuccess: (competition) => {
            toast({ title: "Competition created", description: competition.title });
            form.reset();
          },
          onError: (failure) => {
            const applied = applyServerErrors(form, failure, {
              fieldFor: { prizeValuePesewas: "prizeValueCedis" },
            });
            if (Object.keys(applied).length === 0) {
              setAlert(failureText(failure, "The competition could not be created."));
            }
          },
        });
      }}
    >
      <TextField
        name="title"
        label="Title"
        required
        maxLength={120}
        placeholder="December shopper challenge"
      />
      <TextAreaField
        name="description"
        label="Description"
        labelNote="(optional)"
        rows={2}
        maxLength={1000}
      />
      <PrizeFields />
      <TextField
        name="sponsorCompanyId"
        label="Sponsor business id"
        labelNote="(optional)"
        inputMode="numeric"
        hint="The sponsoring business's number, if a business gives the prize."
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField name="month" label="Month whose activity counts" type="month" required />
        <TextField name="drawDate" label="Draw date and time (Accra)" type="datetime-local" required />
      </div>
      <SelectField name="minimumTier" label="Minimum tier">
        {tierIds.map((tier) => (
          <option key={tier} value={tier}>
            {tierLabel(tier)}
          </option>
        ))}
      </SelectField>
      <CheckboxField name="requiresPlus" label={`${brand.plusName} members only`} />
      <div className="grid grid-cols-2 gap-3">
        <TextField name="minimumValidatedRedemptions" label="Redemptions needed" inputMode="numeric" />
        <TextField name="minimumSocialShares" label="Verified shares needed" inputMode="numeric" />
      </div>
      <TextField
        name="publicRandomnessSource"
        label="Public randomness source"
        labelNote="(optional)"
        hint="Announced now, its value typed at the draw."
        maxLength={200}
      />
      {alert && <FormAlert>{alert}</FormAlert>}
      <Button type="submit" className="min-h-11" pending={create.isPending} pendingLabel="Creating…">
        Create competition
      </Button>
    </Form>
  );
}

/**
 * The admin's draws: monthly draws and competitions with their status and commitment; edit an open
 * one, run a ready one, export a drawn one's record, see who won and whether they claimed; and create
 * a competition.
 */
export function AdminDrawsSection() {
  const query = useAdminDraws();
  return (
    <div className="space-y-4" data-testid="admin-draws">
      {query.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading draws">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : query.isError ? (
        <LoadError message="We couldn't load the draws." onRetry={() => void query.refetch()} />
      ) : query.data.draws.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-stone-600 ring-1 ring-stone-200">No draws yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Draws and competitions">
          {query.data.draws.map((draw) => (
            <DrawRow key={`${draw.kind}-${draw.id}`} draw={draw} />
          ))}
        </ul>
      )}
      <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <summary className="min-h-11 cursor-pointer py-2 font-bold text-stone-900">New competition</summary>
        <div className="mt-3">
          <NewCompetitionForm />
        </div>
      </details>
    </div>
  );
}

/** The prize, as both the draw form and the competition form ask for it. */
function PrizeFields() {
  return (
    <>
      <TextField name="prizeTitle" label="Prize" required maxLength={120} />
      <TextAreaField
        name="prizeDescription"
        label="Prize description"
        labelNote="(optional)"
        rows={2}
        maxLength={1000}
      />
      <TextField
        name="prizeValueCedis"
        label="Prize value in cedis"
        labelNote="(optional)"
        inputMode="decimal"
        placeholder="1500"
      />
    </>
  );
}
