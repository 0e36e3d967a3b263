import { z } from "zod";
import { type CreateBranchRequest, createBranchRequest } from "../contracts/branches";

/** A coordinate as typed: blank is "not given" (the request then says it is required). */
const coordinate = (text: string) => (text.trim() ? Number(text.trim().replace(",", ".")) : undefined);

/** The branch form: the boxes hold text; the request's own rules and messages check it. */
export const branchForm = z
  .object({
    name: z.string(),
    address: z.string(),
    latitude: z.string(),
    longitude: z.string(),
    phone: z.string(),
    businessHours: z.string(),
  })
  .transform(
    (branch) =>
      ({
        ...branch,
        latitude: coordinate(branch.latitude),
        longitude: coordinate(branch.longitude),
        businessHours: branch.businessHours.trim() || null,
      }) as CreateBranchRequest,
  )
  .pipe(createBranchRequest);
export type BranchFormValues = z.input<typeof branchForm>;
