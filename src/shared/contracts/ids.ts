import { z } from "zod";

/** Postgres integer ids stop at 2^31 - 1; a larger number can never name a row. */
export const maxId = 2_147_483_647;
export const idSchema = z.number({ error: "Must be an id" }).int().positive().max(maxId, "No such id");
/** An id in a URL path or query string. */
export const idParam = z.coerce.number().int().positive().max(maxId, "No such id");
