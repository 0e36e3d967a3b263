import { z } from "zod";
import { type LoyaltyProgram, loyaltyProgramRequest, toPesewas } from "../../../shared/contracts/counter";
import { formatCedis } from "../../../shared/money";
import { pesewasToCedisText } from "../../lib/cedis";

/** The loyalty program form: boxes hold text (numbers too), the active switch a boolean. */
export interface ProgramFormValues {
  programName: string;
  description: string;
  requiredVisits: string;
  rewardTitle: string;
  rewardDescription: string;
  minimumSpend: string;
  /** GH₵ set aside for each full card's reward; empty (or 0) for none. */
  rewardCashback: string;
  validityDays: string;
  maxActiveCards: string;
  isActive: boolean;
}

/**
 * The program being edited, or a first program's suggestions
 * (docs/product-rules.md#loyalty-program-suggestions).
 */
export function programFormValues(program: LoyaltyProgram | null): ProgramFormValues {
  return {
    programName: program?.programName ?? "",
    description: program?.description ?? "",
    requiredVisits: String(program?.requiredVisits ?? 5),
    rewardTitle: program?.rewardTitle ?? "",
    rewardDescription: program?.rewardDescription ?? "",
    minimumSpend: program ? String(program.minimumSpend) : "0",
    rewardCashback: program?.rewardCashback ? pesewasToCedisText(toPesewas(program.rewardCashback)) : "",
    validityDays: String(program?.validityDays ?? 365),
    maxActiveCards: String(program?.maxActiveCards ?? 1000),
    isActive: program?.isActive ?? true,
  };
}

/** A number as typed ("GH₵ 20" or "20"). */
const typed = (text: string) => {
  const trimmed = text.trim().replace(/^GH₵\s*/i, "");
  return trimmed ? Number(trimmed) : undefined;
};

/** The request from the boxes; a blank number is left undefined for the contract to name the field. */
export function toProgramRequest(values: ProgramFormValues): z.input<typeof loyaltyProgramRequest> {
  return {
    programName: values.programName,
    description: values.description,
    requiredVisits: typed(values.requiredVisits),
    rewardTitle: values.rewardTitle,
    rewardDescription: values.rewardDescription,
    minimumSpend: typed(values.minimumSpend) ?? 0,
    rewardCashback: typed(values.rewardCashback) ?? 0,
    validityDays: typed(values.validityDays),
    maxActiveCards: typed(values.maxActiveCards),
    isActive: values.isActive,
  } as z.input<typeof loyaltyProgramRequest>;
}

/** Checked by `loyaltyProgramRequest`, the contract the server uses. */
export const programFormSchema = z
  .custom<ProgramFormValues>()
  .transform(toProgramRequest)
  .pipe(loyaltyProgramRequest);

/** A program's reward as the dashboard sums it up: "A free plate + GH₵ 5.00 cashback". */
export function rewardWithCashback(program: Pick<LoyaltyProgram, "rewardTitle" | "rewardCashback">): string {
  return program.rewardCashback > 0
    ? `${program.rewardTitle} + ${formatCedis(toPesewas(program.rewardCashback))} cashback`
    : program.rewardTitle;
}
