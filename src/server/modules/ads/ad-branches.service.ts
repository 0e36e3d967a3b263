import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import { AppError } from "../../lib/errors";
import { type BranchListeners, type CompanyBranch, findLiveBranch } from "../companies";

/**
 * An ad that names one of its business's branches carries that branch's name and address (its
 * branchName and locationAddress), kept in step when the branch changes and cleared when it goes.
 */
export const adBranchListeners: BranchListeners = {
  async branchChanged(tx: Executor, branch: CompanyBranch) {
    await tx
      .update(ads)
      .set({ branchName: branch.name, locationAddress: branch.address })
      .where(eq(ads.branchId, branch.id));
  },
  async branchRemoved(tx: Executor, branchId: number) {
    await tx
      .update(ads)
      .set({ branchId: null, branchName: null, locationAddress: null })
      .where(eq(ads.branchId, branchId));
  },
};

const notYourBranch = "Choose one of your branches";

/** The branch name and address an ad naming this branch shows; refuses a branch not the business's own. */
export async function branchColumnsFor(tx: Executor, companyId: number, branchId: number | null | undefined) {
  if (branchId === null || branchId === undefined) return {};
  const branch = await findLiveBranch(tx, companyId, branchId);
  if (!branch) throw new AppError("VALIDATION", notYourBranch, { branchId: notYourBranch });
  return { branchId: branch.id, branchName: branch.name, locationAddress: branch.address };
}
