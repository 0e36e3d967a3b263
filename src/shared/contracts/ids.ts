import { z } from "zod";

/** Postgres integer ids stop at 2^31 - 1; a larger number can never name a row. */
export const maxId = 2_147_483_647;
export const idSchema = z.number({ error: "Must be an id" }).int().positive().max(maxId, "No such id");
/**
 * An id in a URL path or query string: a positive decimal integer written plainly. " 1", "1e3", "0x10",
 * "+1" or "01" are refused rather than read as some other row's id.
 */
export const idParam = z
  .string({ error: "Must be an id" })
  .regex(/^[1-9][0-9]{0,9}$/, "Must be an id")
  .transform(Number)
  .pipe(z.number().max(maxId, "No such id"));
