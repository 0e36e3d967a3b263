import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { executeRows } from "../../db/prepared";
import { rateLimits } from "../../db/schema/rate-limit";
import { AppError } from "../../lib/errors";
import { type RateLimitSubject, storedIdentifier } from "./rate-limit.service";

/**
 * Slows a counter that keeps typing codes that don't exist (docs/product-rules.md#counter-wrong-typed-codes).
 * Each typed code is counted as wrong when it is let in, and given back when it turns out right, so a
 * parallel burst can't slip past the count. Once a subject (a staff member, a counter device) has 10
 * wrong codes in its 10-minute window, every further wrong code makes it wait before the next typed code
 * is checked: 5 s, then doubling, at most 60 s. The wait refuses right codes too (that is the point), but
 * it is short, so a real counter recovers; scanned QRs are never counted.
 */
const wrongCodes = { action: "counter_wrong_code", limit: 10, windowSeconds: 10 * 60 };
const firstWaitSeconds = 5;
const longestWaitSeconds = 60;

/** What letting a typed code in counted, per subject: given back if the code was right. */
export interface TypedCodeAdmission {
  counted: { identifier: string; identifierType: string; windowStart: Date; blockedUntil: Date | null }[];
  /** The highest count of wrong codes in a subject's window, this one included. */
  wrongCodes: number;
}

/** The wrong codes a subject may type in its window before it waits. */
export const wrongCodesBeforeWait = wrongCodes.limit;

type AdmissionRow = {
  waiting_until: Date | string | null;
  identifier: string | null;
  identifier_type: string | null;
  count: number | null;
  window_start: Date | string | null;
  blocked_until: Date | string | null;
};

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Lets a typed code be checked, counting it as wrong for every subject until it proves right; refuses it
 * with a 429 (and counts nothing) while any subject waits. One statement: the subjects' rows are locked,
 * so parallel codes from one counter are let in one after another.
 */
export async function admitTypedCode(
  db: Executor,
  subjects: RateLimitSubject[],
  now: Date,
): Promise<TypedCodeAdmission> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const keys = sql.join(
    subjects.map((subject) => sql`(${storedIdentifier(subject)}::text, ${subject.identifierType}::text)`),
    sql`, `,
  );
  const windowStartsAfter = new Date(now.getTime() - wrongCodes.windowSeconds * 1000).toISOString();
  const expired = sql`${rateLimits.windowStart} <= ${windowStartsAfter}::timestamptz`;
  const counted = sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`;
  const admission = sql`
    with keys (identifier, identifier_type) as (values ${keys}),
    locked as (
      select held.blocked_until from ${rateLimits} as held
      join keys on keys.identifier = held.identifier and keys.identifier_type = held.identifier_type
      where held.action = ${wrongCodes.action}::text
      for update of held
    ),
    waiting as (select max(blocked_until) as until from locked where blocked_until > ${at}),
    counted as (
      insert into ${rateLimits} (identifier, identifier_type, action, count, window_start, blocked_until)
      select identifier, identifier_type, ${wrongCodes.action}::text, 1, ${at}, ${waitAfter(sql`1`, at)}
      from keys where (select until from waiting) is null
      on conflict (identifier, identifier_type, action) do update set
        count = ${counted},
        window_start = case when ${expired} then ${at} else ${rateLimits.windowStart} end,
        blocked_until = ${waitAfter(counted, at)},
        updated_at = ${at}
      -- A row made by a guess racing this one is seen only here (not by "locked"): if that guess started
      -- a wait, this one isn't counted, and is refused below.
      where ${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${at}
      returning identifier, identifier_type, count, window_start, blocked_until
    )
    select (select until from waiting) as waiting_until, counted.*
    from (select 1) as one left join counted on true`;
  const rows = await executeRows<AdmissionRow>(db, admission);
  const waitingUntil = asDate(rows[0]?.waiting_until ?? null);
  if (waitingUntil) throw tooManyWrongCodes(waitingUntil, now);
  const admitted = rows.filter((row) => row.identifier !== null);
  if (admitted.length < subjects.length)
    throw tooManyWrongCodes(await waitRunningSince(db, subjects, now), now);
  return {
    counted: admitted.map((row) => ({
      identifier: row.identifier!,
      identifierType: row.identifier_type!,
      windowStart: asDate(row.window_start)!,
      blockedUntil: asDate(row.blocked_until),
    })),
    wrongCodes: Math.max(0, ...admitted.map((row) => Number(row.count))),
  };
}

/** When the longest wait already running for any of these subjects ends. */
async function waitRunningSince(db: Executor, subjects: RateLimitSubject[], now: Date): Promise<Date> {
  const keys = sql.join(
    subjects.map((subject) => sql`(${storedIdentifier(subject)}::text, ${subject.identifierType}::text)`),
    sql`, `,
  );
  const rows = await executeRows<{ until: string | Date | null }>(
    db,
    sql`
    select max(${rateLimits.blockedUntil}) as until from ${rateLimits}
    where (${rateLimits.identifier}, ${rateLimits.identifierType}) in (${keys})
      and ${rateLimits.action} = ${wrongCodes.action}::text`,
  );
  const until = asDate(rows[0]?.until ?? null);
  return until && until > now ? until : new Date(now.getTime() + firstWaitSeconds * 1000);
}

/**
 * The wait a subject gets after its nth wrong code in the window: none up to the limit, then 5 s for
 * the 10th, doubling with each further one, at most 60 s.
 */
function waitAfter(count: SQL, at: SQL): SQL {
  const beyond = sql`least(greatest((${count}) - ${wrongCodes.limit}::int, 0), 16)`;
  const seconds = sql`least(${longestWaitSeconds}::float8, ${firstWaitSeconds}::float8 * power(2, ${beyond}))`;
  return sql`case when (${count}) >= ${wrongCodes.limit}::int
    then ${at} + make_interval(secs => ${seconds}) else null end`;
}

/**
 * The typed code was right (or found, if refused for another reason): it is taken off the count, and the
 * wait its admission started is lifted. A window that started afresh meanwhile is left alone.
 */
export async function typedCodeWasRight(db: Executor, admission: TypedCodeAdmission): Promise<void> {
  if (admission.counted.length === 0) return;
  const admitted = sql.join(
    admission.counted.map(
      (row) =>
        sql`(${row.identifier}::text, ${row.identifierType}::text, ${row.windowStart.toISOString()}::timestamptz,
          ${row.blockedUntil?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${rateLimits} as held set count = greatest(held.count - 1, 0),
      blocked_until = case when held.blocked_until is not distinct from admitted.blocked_until
        then null else held.blocked_until end
    from (values ${admitted}) as admitted (identifier, identifier_type, window_start, blocked_until)
    where held.identifier = admitted.identifier and held.identifier_type = admitted.identifier_type
      and held.action = ${wrongCodes.action}::text and held.window_start = admitted.window_start`);
}

function tooManyWrongCodes(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    "RATE_LIMITED",
    {
      message:
        "Too many wrong codes. Try again in {seconds, plural, one {# second} other {# seconds}}. Scanning a QR still works.",
      values: { seconds },
    },
    undefined,
    { "retry-after": String(seconds) },
  );
}
