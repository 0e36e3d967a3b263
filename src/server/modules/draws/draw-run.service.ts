import { and, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { accraMonth } from "../../../shared/accra-time";
import type { CreateCompetitionRequest, UpdateDrawRequest } from "../../../shared/contracts/draws";
import type { DrawExclusionReason } from "../../../shared/draw-exclusions";
import {
  canonicalEntryList,
  drawWinner,
  prizeHash,
  sha256Hex,
  sortEntries,
} from "../../../shared/draw-verification";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { competitionEntries, competitions, drawEntries, prizeDraws } from "../../db/schema/draws";
import type { Tier } from "../../db/schema/enums";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { recordAudit } from "../audit";
import { findCompany } from "../companies";
import { type MemberNotice, notifyMembers, queueMemberSms } from "../notifications";
import { meetsRequirements } from "./competition-rules";
import { newSealedSeed, revealSeed } from "./draw-seeds";
import {
  type AnyDraw,
  displayNamesOf,
  endOfMonth,
  exclusionsAtDraw,
  findDraw,
  frozenEntries,
  membersMonthActivity,
  monthlyEntrants,
  publicEntries,
} from "./draws.read-model";
import { countedEntries, drawEntryCap, tierBonusEntries } from "./draws.service";

/*
 * Running a draw: the seed committed at opening is revealed, mixed with the public randomness announced
 * in advance (if any), and the winner follows from it and the sorted entry list by the published
 * function in src/shared/draw-verification.ts. The draw row is locked and completed in one transaction,
 * so two admins (or an admin and the job) draw once.
 */

export interface RunDrawInput {
  publicRandomness?: string;
  /** The admin who ran it; undefined for the scheduled job. */
  actor?: { id: number; displayName: string };
}

export async function runDraw(deps: AppDeps, kind: AnyDraw["kind"], id: number, input: RunDrawInput) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    let draw = await lockDraw(tx, kind, id);
    checkDrawable(draw, input, now);
    if (!draw.row.entriesClosedAt) draw = await closeEntries(tx, draw, now);
    await leaveOutWhoMayNotWin(tx, draw);
    const { entries, excluded } = await publicEntries(tx, draw);
    const seed = revealSeed(draw.row, deps.config.configEncryptionKey);
    const outcome = drawWinner(seed, input.publicRandomness, entries, excluded);
    const winnerId = outcome && entries.find((entry) => entry.member === outcome.winnerMember)!.userId!;
    const winnerName = winnerId ? (await displayNamesOf(tx, [winnerId])).get(winnerId) : undefined;
    const result = {
      isCompleted: true,
      isActive: false,
      winnerId: winnerId ?? null,
      winnerSelectedAt: now,
      seed,
      publicRandomness: input.publicRandomness ?? null,
      winningTicket: outcome?.winningTicket ?? null,
      winnerMember: outcome?.winnerMember ?? null,
      winnerDisplayName: winnerName ?? null,
      drawnBy: input.actor?.id ?? null,
      updatedAt: now,
    };
    if (kind === "monthly") await tx.update(prizeDraws).set(result).where(eq(prizeDraws.id, id));
    else {
      const { isCompleted: _completed, ...competitionResult } = result;
      await tx.update(competitions).set(competitionResult).where(eq(competitions.id, id));
    }
    await recordAudit(
      tx,
      {
        actor: input.actor,
        action: `${kind === "monthly" ? "draw" : "competition"}.run`,
        targetType: kind === "monthly" ? "prize_draw" : "competition",
        targetId: id,
        after: {
          publicRandomness: result.publicRandomness,
          winnerMember: result.winnerMember,
          winningTicket: result.winningTicket,
          excluded,
        },
      },
      now,
    );
    const entrants = entries.map((entry) => entry.userId!);
    await tellEntrants(tx, draw, entrants, winnerId ?? undefined, winnerName, now);
    // A win matters even when the app is closed: a text, sent with the member's consent in daytime.
    if (winnerId) {
      await queueMemberSms(
        tx,
        {
          userId: winnerId,
          kind: "draw_won",
          dedupeKey: `draw_won:${kind}:${id}`,
          values: {},
          path: kind === "monthly" ? `/draws/${id}` : `/competitions/${id}`,
        },
        now,
      );
    }
  });
}

/**
 * At the draw, the members of the frozen list who may no longer win (suspended, their account deleted,
 * no longer a consumer) are left out: their entries stay in the published list and its hash, marked with
 * why, and hold no ticket (docs/product-rules.md#draws-suspended-at-the-draw). One update per reason.
 */
async function leaveOutWhoMayNotWin(tx: Executor, draw: AnyDraw) {
  const frozen = await frozenEntries(tx, draw);
  const reasonOf = await exclusionsAtDraw(
    tx,
    frozen.map((entry) => entry.userId),
  );
  const byReason = new Map<DrawExclusionReason, number[]>();
  for (const entry of frozen) {
    const reason = reasonOf(entry.userId);
    if (reason) byReason.set(reason, [...(byReason.get(reason) ?? []), entry.entryId]);
  }
  for (const [reason, entryIds] of byReason) {
    if (draw.kind === "monthly") {
      await tx.update(drawEntries).set({ excludedAtDraw: reason }).where(inArray(drawEntries.id, entryIds));
    } else {
      await tx
        .update(competitionEntries)
        .set({ excludedAtDraw: reason })
        .where(inArray(competitionEntries.id, entryIds));
    }
  }
}

/**
 * Freezes the entry list when entries close, before any public randomness exists: the tier bonus as it
 * stands then, who may win, a competition's entrants, and the SHA-256 of the canonical list, published.
 * The draw later runs on exactly this list. The prize is fixed too: its hash goes in the record.
 */
async function closeEntries(tx: Executor, draw: AnyDraw, now: Date): Promise<AnyDraw> {
  const entries =
    draw.kind === "monthly" ? await settleMonthlyEntries(tx, draw.row.id) : await enterCompetitors(tx, draw);
  const sorted = sortEntries(entries);
  const closed = {
    entriesClosedAt: now,
    entriesHash: sorted.length > 0 ? sha256Hex(canonicalEntryList(sorted)) : null,
    totalEntries: sorted.reduce((sum, entry) => sum + entry.count, 0),
    prizeHash: prizeHash(draw.row),
    updatedAt: now,
  };
  if (draw.kind === "monthly") {
    const [row] = await tx.update(prizeDraws).set(closed).where(eq(prizeDraws.id, draw.row.id)).returning();
    return { kind: "monthly", row: row! };
  }
  const [row] = await tx.update(competitions).set(closed).where(eq(competitions.id, draw.row.id)).returning();
  return { kind: "competition", row: row! };
}

/** The job: closes the entries of every draw whose entries have ended, each in its own transaction. */
export async function closeDueEntries(deps: AppDeps, now: Date) {
  let closed = 0;
  for (const due of await drawsToClose(deps.db, now)) {
    await deps.db.transaction(async (tx) => {
      const draw = await lockDraw(tx, due.kind, due.id);
      if (draw.row.entriesClosedAt || draw.row.winnerSelectedAt || now <= registrationDeadline(draw)) return;
      await closeEntries(tx, draw, now);
      closed += 1;
    });
  }
  return closed;
}

async function drawsToClose(db: Executor, now: Date): Promise<{ kind: AnyDraw["kind"]; id: number }[]> {
  const monthly = await db
    .select({ id: prizeDraws.id })
    .from(prizeDraws)
    .where(
      and(
        isNull(prizeDraws.entriesClosedAt),
        isNull(prizeDraws.winnerSelectedAt),
        lt(prizeDraws.registrationDeadline, now),
      ),
    );
  const { year, month } = accraMonth(now);
  const contests = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(
      and(
        isNull(competitions.entriesClosedAt),
        isNull(competitions.winnerSelectedAt),
        sql`(${competitions.year} * 12 + ${competitions.month}) < ${year * 12 + month}`,
      ),
    );
  return [
    ...monthly.map(({ id }) => ({ kind: "monthly" as const, id })),
    ...contests.map(({ id }) => ({ kind: "competition" as const, id })),
  ];
}

async function lockDraw(tx: Executor, kind: AnyDraw["kind"], id: number): Promise<AnyDraw> {
  if (kind === "monthly") {
    const [row] = await tx.select().from(prizeDraws).where(eq(prizeDraws.id, id)).for("update");
    if (row) return { kind, row };
  } else {
    const [row] = await tx.select().from(competitions).where(eq(competitions.id, id)).for("update");
    if (row) return { kind, row };
  }
  throw notFound("No such draw");
}

function registrationDeadline(draw: AnyDraw): Date {
  return draw.kind === "monthly"
    ? (draw.row.registrationDeadline ?? endOfMonth(draw.row.drawYear, draw.row.drawMonth))
    : endOfMonth(draw.row.year, draw.row.month);
}

function checkDrawable(draw: AnyDraw, input: RunDrawInput, now: Date) {
  if (draw.row.winnerSelectedAt) throw new AppError("CONFLICT", "This draw has already been drawn");
  const deadline = registrationDeadline(draw);
  if (now <= deadline) {
    throw new AppError(
      "CONFLICT",
      `Entries are open until ${deadline.toISOString().slice(0, 10)}; draw it after that`,
    );
  }
  const announced = draw.row.publicRandomnessSource;
  // The list must be frozen before the announced value exists; the job closes entries within a minute.
  if (announced && !draw.row.entriesClosedAt) {
    throw new AppError("CONFLICT", "Entries are being closed and their list published; draw it in a minute");
  }
  if (announced && !input.publicRandomness) {
    throw new AppError("VALIDATION", "Type the public randomness value that was announced", {
      publicRandomness: `Type the value of ${announced}`,
    });
  }
  // A value nobody announced in advance could be chosen to pick a winner, so it is refused.
  if (!announced && input.publicRandomness) {
    throw new AppError("VALIDATION", "No public randomness was announced for this draw", {
      publicRandomness: "No public randomness was announced for this draw; leave it empty",
    });
  }
}

interface DrawnEntry {
  member: string;
  count: number;
  userId: number;
  displayName: string;
}

/**
 * Recounts each entrant's tier bonus as it stands when entries close and sets aside those who can't be in
 * the list (deleted accounts, staff; a suspension is judged at the draw). One update per tier (and one
 * for the ineligible), so a draw with many members stays a few statements.
 */
async function settleMonthlyEntries(tx: Executor, drawId: number): Promise<DrawnEntry[]> {
  const entrants = await monthlyEntrants(tx, drawId);
  // The cap in force when entries close applies to everyone's count (the setting, read in this transaction).
  const cap = await drawEntryCap(tx);
  const eligible: DrawnEntry[] = [];
  const byTier = new Map<Tier, number[]>();
  const ineligible: number[] = [];
  for (const entrant of entrants) {
    if (!entrant.mayEnter || entrant.userId === null || entrant.tier === null) {
      ineligible.push(entrant.entryId);
      continue;
    }
    byTier.set(entrant.tier, [...(byTier.get(entrant.tier) ?? []), entrant.entryId]);
    eligible.push({
      member: entrant.member,
      count: countedEntries(entrant.earned, entrant.tier, cap),
      userId: entrant.userId,
      displayName: entrant.displayName!,
    });
  }
  for (const [tier, entryIds] of byTier) {
    await tx
      .update(drawEntries)
      .set({
        isEligible: true,
        userTier: tier,
        entriesCount: sql`least(${drawEntries.earnedEntries} + ${tierBonusEntries[tier]}, ${cap}::int)`,
      })
      .where(inArray(drawEntries.id, entryIds));
  }
  if (ineligible.length > 0) {
    await tx.update(drawEntries).set({ isEligible: false }).where(inArray(drawEntries.id, ineligible));
  }
  return eligible;
}

/** A competition's entrants are the members who met every requirement in its month, one entry each. */
async function enterCompetitors(tx: Executor, draw: AnyDraw): Promise<DrawnEntry[]> {
  if (draw.kind !== "competition") return [];
  const competition = draw.row;
  const needsActivity = competition.minimumValidatedRedemptions > 0 || competition.minimumSocialShares > 0;
  const members = await membersMonthActivity(
    tx,
    competition.year,
    competition.month,
    needsActivity ? "active" : "everyone",
  );
  const eligible = members.filter((member) => meetsRequirements(competition, member).eligible);
  const entered: DrawnEntry[] = [];
  // Only a competition that was never drawn gets here (its row is locked), so its entries are new.
  for (let start = 0; start < eligible.length; start += 1000) {
    const rows = await tx
      .insert(competitionEntries)
      .values(
        eligible.slice(start, start + 1000).map((member) => ({
          competitionId: competition.id,
          userId: member.userId,
          validatedRedemptions: member.validatedRedemptions,
          socialShares: member.socialShares,
          userTier: member.tier,
          isPlus: member.isPlus,
          isEligible: true,
        })),
      )
      .returning({ member: competitionEntries.memberRef, userId: competitionEntries.userId });
    entered.push(
      ...rows.map((row) => ({ member: row.member, count: 1, userId: row.userId!, displayName: "" })),
    );
  }
  const names = await displayNamesOf(
    tx,
    entered.map((entry) => entry.userId),
  );
  return entered.map((entry) => ({ ...entry, displayName: names.get(entry.userId) ?? "Anigye member" }));
}

/** The winner hears first; everyone else who entered learns the result. */
async function tellEntrants(
  tx: Executor,
  draw: AnyDraw,
  entrants: number[],
  winnerId: number | undefined,
  winnerName: string | undefined,
  now: Date,
) {
  const link = draw.kind === "monthly" ? `/draws/${draw.row.id}` : `/competitions/${draw.row.id}`;
  await notifyMembers(
    tx,
    entrants.map((userId): MemberNotice => {
      const won = userId === winnerId;
      return {
        userId,
        type: won ? "draw_won" : "draw_result",
        title: won
          ? { message: "You won the {draw}!", values: { draw: draw.row.title } }
          : { message: "{draw}: the result", values: { draw: draw.row.title } },
        message: won
          ? {
              message: "Your entry won {prize}. Open the draw to claim your prize.",
              values: { prize: draw.row.prizeTitle },
            }
          : winnerName === undefined
            ? "The winner is drawn. Check the draw yourself on its page."
            : {
                message: "The winner is {winner}. Check the draw yourself on its page.",
                values: { winner: winnerName },
              },
        link,
        dedupeKey: `${draw.kind}_draw:${draw.row.id}`,
      };
    }),
    now,
  );
}

/** The winner confirms the prize; once. */
export async function claimPrize(deps: AppDeps, kind: AnyDraw["kind"], id: number, userId: number) {
  const draw = await findDraw(deps.db, kind, id);
  if (!draw) throw notFound("No such draw");
  if (draw.row.winnerId !== userId) throw forbidden("Only the winner can claim this prize");
  const now = deps.now();
  const table = kind === "monthly" ? prizeDraws : competitions;
  const [claimed] = await deps.db
    .update(table)
    .set({ prizeClaimedAt: now, updatedAt: now })
    .where(and(eq(table.id, id), eq(table.winnerId, userId), isNull(table.prizeClaimedAt)))
    .returning({ claimedAt: table.prizeClaimedAt });
  if (!claimed) throw new AppError("CONFLICT", "You have already claimed this prize");
  return { claimed: true as const, claimedAt: claimed.claimedAt!.toISOString() };
}

/**
 * The prize and the announcement of public randomness may change while entries are open. Once they
 * close the prize is fixed (its hash is published with the entry list); only the draw date may move.
 * The row is locked, so a change can't slip in while the job closes the entries.
 */
export async function updateMonthlyDraw(
  deps: AppDeps,
  id: number,
  input: UpdateDrawRequest,
  actor: { id: number; displayName: string },
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const draw = await lockDraw(tx, "monthly", id);
    if (draw.kind !== "monthly") return;
    const row = draw.row;
    if (row.winnerSelectedAt) throw new AppError("CONFLICT", "This draw has already been drawn");
    const deadline = registrationDeadline(draw);
    const closed = row.entriesClosedAt !== null || now > deadline;
    const prize = {
      prizeTitle: input.prizeTitle,
      prizeDescription: input.prizeDescription ?? null,
      prizeValuePesewas: input.prizeValuePesewas ?? null,
    };
    if (closed && prizeHash(prize) !== (row.prizeHash ?? prizeHash(row))) {
      throw new AppError(
        "CONFLICT",
        "Entries have closed, so the prize is fixed: it is in the draw's published record and can no longer change",
      );
    }
    const sourceChanges = (input.publicRandomnessSource ?? null) !== row.publicRandomnessSource;
    if (sourceChanges && closed) {
      throw new AppError("VALIDATION", "Public randomness must be announced while entries are open", {
        publicRandomnessSource: "Entries have closed; the announcement can no longer change",
      });
    }
    if (input.drawDate && new Date(input.drawDate) <= deadline) {
      throw new AppError("VALIDATION", "The draw date must be after entries close", {
        drawDate: `Pick a time after ${deadline.toISOString().slice(0, 10)}`,
      });
    }
    const changes = {
      ...prize,
      drawDate: input.drawDate ? new Date(input.drawDate) : row.drawDate,
      publicRandomnessSource: input.publicRandomnessSource ?? null,
    };
    await tx
      .update(prizeDraws)
      .set({ ...changes, updatedAt: now })
      .where(eq(prizeDraws.id, id));
    const before = {
      prizeTitle: row.prizeTitle,
      prizeDescription: row.prizeDescription,
      prizeValuePesewas: row.prizeValuePesewas,
      drawDate: row.drawDate,
      publicRandomnessSource: row.publicRandomnessSource,
    };
    await recordAudit(
      tx,
      { actor, action: "draw.update", targetType: "prize_draw", targetId: id, before, after: changes },
      now,
    );
  });
}

export async function createCompetition(
  deps: AppDeps,
  input: CreateCompetitionRequest,
  actor: { id: number; displayName: string },
) {
  const now = deps.now();
  const [year, month] = input.month.split("-").map(Number) as [number, number];
  const monthEnd = endOfMonth(year, month);
  if (monthEnd < now) {
    throw new AppError("VALIDATION", "That month is over", { month: "Pick this month or a later one" });
  }
  if (new Date(input.drawDate) <= monthEnd) {
    throw new AppError("VALIDATION", "The draw date must be after the month ends", {
      drawDate: `Pick a time after ${monthEnd.toISOString().slice(0, 10)}`,
    });
  }
  if (input.sponsorCompanyId && !(await findCompany(deps.db, input.sponsorCompanyId))) {
    throw new AppError("VALIDATION", "No business has that number", {
      sponsorCompanyId: "No business has that number",
    });
  }
  const [row] = await deps.db
    .insert(competitions)
    .values({
      title: input.title,
      description: input.description ?? null,
      year,
      month,
      prizeTitle: input.prizeTitle,
      prizeDescription: input.prizeDescription ?? null,
      prizeValuePesewas: input.prizeValuePesewas ?? null,
      sponsorCompanyId: input.sponsorCompanyId ?? null,
      minimumTier: input.minimumTier,
      requiresPlus: input.requiresPlus,
      minimumValidatedRedemptions: input.minimumValidatedRedemptions,
      minimumSocialShares: input.minimumSocialShares,
      drawDate: new Date(input.drawDate),
      publicRandomnessSource: input.publicRandomnessSource ?? null,
      ...newSealedSeed(deps.config.configEncryptionKey),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: competitions.id });
  await recordAudit(
    deps.db,
    { actor, action: "competition.create", targetType: "competition", targetId: row!.id, after: input },
    now,
  );
  return row!.id;
}

/** Draws whose draw date has come, for the scheduled job (those needing a typed value wait for an admin). */
export async function dueDraws(db: Executor, now: Date): Promise<{ kind: AnyDraw["kind"]; id: number }[]> {
  const monthly = await db
    .select({ id: prizeDraws.id })
    .from(prizeDraws)
    .where(
      and(
        isNull(prizeDraws.winnerSelectedAt),
        lte(prizeDraws.drawDate, now),
        isNull(prizeDraws.publicRandomnessSource),
      ),
    );
  const contests = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(
      and(
        isNull(competitions.winnerSelectedAt),
        lte(competitions.drawDate, now),
        isNull(competitions.publicRandomnessSource),
        eq(competitions.isActive, true),
      ),
    );
  return [
    ...monthly.map(({ id }) => ({ kind: "monthly" as const, id })),
    ...contests.map(({ id }) => ({ kind: "competition" as const, id })),
  ];
}

/** The scheduled job: draws each due draw; one failing doesn't stop the others. */
export async function runDueDraws(deps: AppDeps, now: Date) {
  let drawn = 0;
  for (const due of await dueDraws(deps.db, now)) {
    try {
      await runDraw(deps, due.kind, due.id, {});
      drawn += 1;
    } catch (error) {
      // A draw another instance or an admin just drew is fine; anything else is logged, and the rest go on.
      if (!(error instanceof AppError && error.code === "CONFLICT")) {
        deps.log.error({ err: error, draw: due }, "scheduled draw failed");
      }
    }
  }
  return drawn;
}
