import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { and, asc, desc, eq, gt, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { accraDay } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import {
  type ConsumerSignupItem,
  type InviteSignupResponse,
  type MerchantSignupItem,
  type SignupKind,
  type SignupsFilter,
  type SignupsResponse,
  signupsPageSize,
} from "../../../shared/contracts/signups";
import { normaliseGhanaPhone } from "../../../shared/phone";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import {
  type EarlyAccessSignup,
  earlyAccessSignups,
  type MerchantInterestSignup,
  merchantInterestSignups,
} from "../../db/schema/coming-soon";
import { renderEmail } from "../../integrations/mail/mailer";
import { queueEmail } from "../../integrations/message-queue/message-queue";
import { AppError, notFound } from "../../lib/errors";
import { recordAudit } from "../audit";

/** Rows read per query while exporting: memory stays flat however long the list grows. */
export const exportBatchSize = 500;

/** The columns the list filter reads; both tables name them alike. */
interface FilterColumns {
  isConverted: PgColumn;
  phone: PgColumn;
  /** Matched with ILIKE '%q%'. */
  searchable: PgColumn[];
}

const filterColumns: Record<SignupKind, FilterColumns> = {
  consumer: {
    isConverted: earlyAccessSignups.isConverted,
    phone: earlyAccessSignups.phone,
    searchable: [earlyAccessSignups.name, earlyAccessSignups.email, earlyAccessSignups.phone],
  },
  merchant: {
    isConverted: merchantInterestSignups.isConverted,
    phone: merchantInterestSignups.phone,
    searchable: [
      merchantInterestSignups.name,
      merchantInterestSignups.email,
      merchantInterestSignups.phone,
      merchantInterestSignups.company,
    ],
  },
};

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally (backslash is the escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

function filterCondition(kind: SignupKind, filter: Omit<SignupsFilter, "kind">): SQL | undefined {
  const columns = filterColumns[kind];
  const status =
    filter.status === "waiting"
      ? eq(columns.isConverted, false)
      : filter.status === "converted"
        ? eq(columns.isConverted, true)
        : undefined;
  if (!filter.q) return status;
  const pattern = containsPattern(filter.q);
  // "024 123 4567" finds the number however the form stored it (E.164 or as typed).
  const phone = normaliseGhanaPhone(filter.q);
  const search = or(
    ...columns.searchable.map((column) => ilike(column, pattern)),
    phone ? eq(columns.phone, phone) : undefined,
  );
  return and(status, search);
}

const iso = (date: Date) => date.toISOString();

function consumerItem(row: EarlyAccessSignup): ConsumerSignupItem {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    region: row.region,
    city: row.city,
    age: row.age,
    gender: row.gender,
    occupation: row.occupation,
    marketingConsent: row.marketingConsent,
    smsConsent: row.smsConsent,
    feedbackWillingness: row.feedbackWillingness,
    isConverted: row.isConverted,
    createdAt: iso(row.createdAt),
  };
}

function merchantItem(row: MerchantInterestSignup): MerchantSignupItem {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    region: row.region,
    title: row.title,
    company: row.company,
    businessType: row.businessType,
    businessSize: row.businessSize,
    location: row.location,
    expectedSpend: row.expectedSpend,
    urgency: row.urgency,
    callbackTime: row.callbackTime,
    preferredLanguage: row.preferredLanguage,
    marketingConsent: row.marketingConsent,
    isConverted: row.isConverted,
    createdAt: iso(row.createdAt),
  };
}

/** One page of one kind of signup, newest first, filtered and counted in SQL. */
export async function listSignups(
  db: Executor,
  query: SignupsFilter & { page: number },
): Promise<SignupsResponse> {
  const where = filterCondition(query.kind, query);
  const offset = (query.page - 1) * signupsPageSize;
  const paging = { page: query.page, pageSize: signupsPageSize };
  if (query.kind === "consumer") {
    const rows = await db
      .select()
      .from(earlyAccessSignups)
      .where(where)
      .orderBy(desc(earlyAccessSignups.id))
      .limit(signupsPageSize)
      .offset(offset);
    const total = await db.$count(earlyAccessSignups, where);
    return { kind: "consumer", items: rows.map(consumerItem), total, ...paging };
  }
  const rows = await db
    .select()
    .from(merchantInterestSignups)
    .where(where)
    .orderBy(desc(merchantInterestSignups.id))
    .limit(signupsPageSize)
    .offset(offset);
  const total = await db.$count(merchantInterestSignups, where);
  return { kind: "merchant", items: rows.map(merchantItem), total, ...paging };
}

// --- CSV export ------------------------------------------------------------------------------------

type CellValue = string | boolean | Date | string[] | null;

interface CsvColumn<Row> {
  header: string;
  value(row: Row): CellValue;
}

const consumerCsvColumns: CsvColumn<EarlyAccessSignup>[] = [
  { header: "ID", value: (row) => String(row.id) },
  { header: "Name", value: (row) => row.name },
  { header: "Username", value: (row) => row.username },
  { header: "Email", value: (row) => row.email },
  { header: "Phone", value: (row) => row.phone },
  { header: "Age", value: (row) => row.age },
  { header: "Gender", value: (row) => row.gender },
  { header: "Region", value: (row) => row.region },
  { header: "City", value: (row) => row.city },
  { header: "Occupation", value: (row) => row.occupation },
  { header: "Referral", value: (row) => row.referral },
  { header: "Preferred categories", value: (row) => row.preferredCategories },
  { header: "Shopping budget", value: (row) => row.shoppingBudget },
  { header: "Social media platforms", value: (row) => row.socialMediaPlatforms },
  { header: "Device type", value: (row) => row.deviceType },
  { header: "Early-access features", value: (row) => row.earlyAccessFeatures },
  { header: "Expectations", value: (row) => row.expectations },
  { header: "Marketing consent", value: (row) => row.marketingConsent },
  { header: "SMS consent", value: (row) => row.smsConsent },
  { header: "Willing to give feedback", value: (row) => row.feedbackWillingness },
  { header: "Converted", value: (row) => row.isConverted },
  { header: "Signed up (UTC)", value: (row) => row.createdAt },
];

const merchantCsvColumns: CsvColumn<MerchantInterestSignup>[] = [
  { header: "ID", value: (row) => String(row.id) },
  { header: "Name", value: (row) => row.name },
  { header: "Username", value: (row) => row.username },
  { header: "Email", value: (row) => row.email },
  { header: "Phone", value: (row) => row.phone },
  { header: "Title", value: (row) => row.title },
  { header: "Company", value: (row) => row.company },
  { header: "Business type", value: (row) => row.businessType },
  { header: "Business size", value: (row) => row.businessSize },
  { header: "Location", value: (row) => row.location },
  { header: "Region", value: (row) => row.region },
  { header: "Description", value: (row) => row.description },
  { header: "Expected spend", value: (row) => row.expectedSpend },
  { header: "Target audience", value: (row) => row.targetAudience },
  { header: "Preferred language", value: (row) => row.preferredLanguage },
  { header: "Callback time", value: (row) => row.callbackTime },
  { header: "Urgency", value: (row) => row.urgency },
  { header: "Current marketing", value: (row) => row.currentMarketing },
  { header: "Goals", value: (row) => row.goals },
  { header: "Marketing consent", value: (row) => row.marketingConsent },
  { header: "Converted", value: (row) => row.isConverted },
  { header: "Signed up (UTC)", value: (row) => row.createdAt },
];

/**
 * A cell a spreadsheet will not run: text starting with = + - @ (or a tab or carriage return) gets a
 * leading single quote (OWASP's CSV injection advice). A plain number such as "+233241234567" cannot be
 * a formula, so phone numbers stay as they are.
 */
export function spreadsheetSafe(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || /^[+-]?\d+(\.\d+)?$/.test(text)) return text;
  return `'${text}`;
}

function cellText(value: CellValue): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(spreadsheetSafe).join("; ");
  return spreadsheetSafe(value);
}

/** The header, then every matching row in id order, read `exportBatchSize` rows at a time (keyset). */
async function* csvRecords<Row extends { id: number }>(
  columns: CsvColumn<Row>[],
  readAfter: (lastId: number) => Promise<Row[]>,
): AsyncGenerator<string[]> {
  yield columns.map((column) => column.header);
  let lastId = 0;
  for (;;) {
    const rows = await readAfter(lastId);
    for (const row of rows) yield columns.map((column) => cellText(column.value(row)));
    if (rows.length < exportBatchSize) return;
    lastId = rows.at(-1)!.id;
  }
}

function signupCsvRecords(db: Executor, filter: SignupsFilter): AsyncGenerator<string[]> {
  const where = filterCondition(filter.kind, filter);
  if (filter.kind === "consumer") {
    return csvRecords(consumerCsvColumns, (lastId) =>
      db
        .select()
        .from(earlyAccessSignups)
        .where(and(where, gt(earlyAccessSignups.id, lastId)))
        .orderBy(asc(earlyAccessSignups.id))
        .limit(exportBatchSize),
    );
  }
  return csvRecords(merchantCsvColumns, (lastId) =>
    db
      .select()
      .from(merchantInterestSignups)
      .where(and(where, gt(merchantInterestSignups.id, lastId)))
      .orderBy(asc(merchantInterestSignups.id))
      .limit(exportBatchSize),
  );
}

export interface SignupsCsv {
  filename: string;
  /** UTF-8 CSV with a byte-order mark (so spreadsheets read names like "Ɔkomfo" right), streamed. */
  body: Readable;
}

/**
 * Every signup matching the filter as CSV, oldest first. Rows are pulled from the database only as fast
 * as the client reads, one batch at a time, so no export holds the whole list in memory.
 */
export function exportSignupsCsv(
  deps: Pick<AppDeps, "db" | "log" | "now">,
  filter: SignupsFilter,
): SignupsCsv {
  const body = stringify({ bom: true });
  pipeline(Readable.from(signupCsvRecords(deps.db, filter)), body).catch((error: unknown) => {
    // The answer has started, so its status cannot change: the cut-off download is the signal.
    if ((error as { code?: unknown }).code === "ERR_STREAM_PREMATURE_CLOSE") {
      deps.log.info("signups export closed by the client");
    } else {
      deps.log.error({ err: error }, "signups export stopped");
    }
  });
  const prefix = brand.name.toLowerCase();
  return { filename: `${prefix}-${filter.kind}-signups-${accraDay(deps.now())}.csv`, body };
}

// --- Invite ----------------------------------------------------------------------------------------

interface ClaimedSignup {
  id: number;
  name: string;
  email: string;
  company: string | null;
}

const auditTargets: Record<SignupKind, string> = {
  consumer: "early_access_signup",
  merchant: "merchant_interest_signup",
};

/** Marks a waiting signup converted; undefined when it is missing or already converted. */
async function claimWaitingSignup(
  tx: Executor,
  kind: SignupKind,
  id: number,
): Promise<ClaimedSignup | undefined> {
  if (kind === "consumer") {
    const t = earlyAccessSignups;
    const [row] = await tx
      .update(t)
      .set({ isConverted: true })
      .where(and(eq(t.id, id), eq(t.isConverted, false)))
      .returning({ id: t.id, name: t.name, email: t.email });
    return row && { ...row, company: null };
  }
  const t = merchantInterestSignups;
  const [row] = await tx
    .update(t)
    .set({ isConverted: true })
    .where(and(eq(t.id, id), eq(t.isConverted, false)))
    .returning({ id: t.id, name: t.name, email: t.email, company: t.company });
  return row;
}

async function findSignupEmail(db: Executor, kind: SignupKind, id: number): Promise<string | undefined> {
  const t = kind === "consumer" ? earlyAccessSignups : merchantInterestSignups;
  const [row] = await db.select({ email: t.email }).from(t).where(eq(t.id, id)).limit(1);
  return row?.email;
}

const signupFooter = `You received this email because you joined the ${brand.name} early-access list.`;

/** Consumers: a link to /register with their email filled in. */
function consumerInvitation(appUrl: string, signup: ClaimedSignup) {
  const url = `${appUrl}/register?email=${encodeURIComponent(signup.email)}`;
  return {
    subject: `Your ${brand.name} invitation`,
    ...renderEmail({
      heading: `You're invited to ${brand.name}, ${signup.name}!`,
      paragraphs: [
        `Thank you for joining the ${brand.name} early-access list. Your place is ready: create your free account to watch local brands, earn XP and win rewards.`,
        "The link below opens the sign-up form with this email address filled in.",
      ],
      action: { label: "Create my account", url },
      footer: signupFooter,
    }),
  };
}

/**
 * Merchants cannot open a business account themselves (an admin registers the business and the owner
 * gets a setup link), so the invitation shows the plans and says what happens next.
 */
function merchantInvitation(appUrl: string, signup: ClaimedSignup) {
  const business = signup.company ?? "your business";
  return {
    subject: `${brand.name} for ${business}: next steps`,
    ...renderEmail({
      heading: `Bring ${business} to ${brand.name}`,
      paragraphs: [
        `Hello ${signup.name}, thank you for your interest in ${brand.name}. We're ready to set you up.`,
        "Compare the business plans (what each includes and what it costs) on our business page.",
        `You don't need to sign up yourself: the ${brand.name} team will create your business account and email you a link to choose your username and password.`,
        `Questions? Call ${brand.supportPhone} (${brand.supportPhoneHours}) or write to ${brand.supportEmail}.`,
      ],
      action: { label: "See the business plans", url: `${appUrl}/business` },
      footer: signupFooter,
    }),
  };
}

/**
 * Invites a waiting signup: one conditional UPDATE claims it (so two clicks send one email), and the
 * claim, its audit entry and the queued invitation commit together; the message queue sends it, retrying
 * a failed send (docs/product-rules.md#notifications-retries).
 */
export async function inviteSignup(
  deps: AppDeps,
  kind: SignupKind,
  id: number,
  admin: { id: number; displayName: string },
): Promise<InviteSignupResponse> {
  const target = { targetType: auditTargets[kind], targetId: id };
  const signup = await deps.db.transaction(async (tx) => {
    const claimed = await claimWaitingSignup(tx, kind, id);
    if (!claimed) return undefined;
    await recordAudit(
      tx,
      {
        actor: admin,
        action: "signup.invite",
        ...target,
        before: { isConverted: false },
        after: { isConverted: true, email: claimed.email },
      },
      deps.now(),
    );
    const invitation =
      kind === "consumer"
        ? consumerInvitation(deps.config.appUrl, claimed)
        : merchantInvitation(deps.config.appUrl, claimed);
    // An invitation nobody is standing by for: it waits behind codes and sign-in links.
    await queueEmail(tx, { to: claimed.email, ...invitation, waitedFor: false });
    return claimed;
  });
  if (!signup) {
    const email = await findSignupEmail(deps.db, kind, id);
    if (email === undefined) throw notFound("No such signup");
    throw new AppError("CONFLICT", `${email} has already been invited. Nothing was sent.`);
  }
  return {
    kind,
    id,
    email: signup.email,
    isConverted: true,
    message:
      kind === "consumer"
        ? `Invitation sent to ${signup.email}.`
        : `Plans and next steps sent to ${signup.email}. Register the business to send its setup link.`,
  };
}
