import { z } from "zod";
import { maxId, plainIdPattern } from "../plain-id";

export { maxId } from "../plain-id";
export const idSchema = z.number({ error: "Must be an id" }).int().positive().max(maxId, "No such id");
/** An id in a URL path or query string, written plainly (see parsePlainId). */
export const idParam = z
  .string({ error: "Must be an id" })
  .regex(plainIdPattern, "Must be an id")
  .transform(Number)
  .pipe(z.number().max(maxId, "No such id"));
