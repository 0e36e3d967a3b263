import { and, count, eq } from "drizzle-orm";
import {
  type LoyaltyProgram,
  type LoyaltyProgramRequest,
  toPesewas,
} from "../../../shared/contracts/counter";
import type { Database, Executor } from "../../db/client";
import { loyaltyCards, loyaltyPrograms, type LoyaltyProgram as ProgramRow } from "../../db/schema/loyalty";
import { lockCompany } from "../companies";

export function toLoyaltyProgram(program: ProgramRow, activeCards: number): LoyaltyProgram {
  return {
    id: program.id,
    companyId: program.companyId,
    programName: program.programName,
    description: program.description,
    requiredVisits: program.requiredVisits,
    rewardTitle: program.rewardTitle,
    rewardDescription: program.rewardDescription,
    minimumSpend: program.minimumSpendPesewas / 100,
    rewardCashback: (program.rewardCashbackPesewas ?? 0) / 100,
    currency: program.currency,
    validityDays: program.validityDays,
    maxActiveCards: program.maxActiveCards,
    isActive: program.isActive,
    activeCards,
  };
}

/** The company's program (its newest, active or paused), or undefined when it has none yet. */
export async function findProgram(db: Executor, companyId: number): Promise<ProgramRow | undefined> {
  const [program] = await db
    .select()
    .from(loyaltyPrograms)
    .where(eq(loyaltyPrograms.companyId, companyId))
    .orderBy(loyaltyPrograms.id)
    .limit(1);
  return program;
}

/** The program staff stamp against: only an active one. */
export async function findActiveProgram(db: Executor, companyId: number): Promise<ProgramRow | undefined> {
  const [program] = await db
    .select()
    .from(loyaltyPrograms)
    .where(and(eq(loyaltyPrograms.companyId, companyId), eq(loyaltyPrograms.isActive, true)))
    .limit(1);
  return program;
}

export async function countActiveCards(db: Executor, programId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.programId, programId), eq(loyaltyCards.isActive, true)));
  return row?.n ?? 0;
}

export async function readProgram(db: Executor, companyId: number): Promise<LoyaltyProgram | null> {
  const program = await findProgram(db, companyId);
  if (!program) return null;
  return toLoyaltyProgram(program, await countActiveCards(db, program.id));
}

/**
 * Creates or changes the company's one program. Cards already started keep the number of stamps they
 * were started with; a new number applies to cards started from now on.
 */
export async function saveProgram(
  db: Database,
  companyId: number,
  input: LoyaltyProgramRequest,
  now: Date,
): Promise<LoyaltyProgram> {
  const values = {
    programName: input.programName,
    description: input.description ?? null,
    requiredVisits: input.requiredVisits,
    rewardTitle: input.rewardTitle,
    rewardDescription: input.rewardDescription ?? null,
    minimumSpendPesewas: toPesewas(input.minimumSpend),
    rewardCashbackPesewas: input.rewardCashback > 0 ? toPesewas(input.rewardCashback) : null,
    validityDays: input.validityDays,
    maxActiveCards: input.maxActiveCards,
    isActive: input.isActive,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    // Two first saves at once must make one program, not two.
    await lockCompany(tx, companyId);
    const existing = await findProgram(tx, companyId);
    const [saved] = existing
      ? await tx.update(loyaltyPrograms).set(values).where(eq(loyaltyPrograms.id, existing.id)).returning()
      : await tx
          .insert(loyaltyPrograms)
          .values({ companyId, ...values, createdAt: now })
          .returning();
    return toLoyaltyProgram(saved!, await countActiveCards(tx, saved!.id));
  });
}
