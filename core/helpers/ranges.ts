import type { z } from "zod";

/**
 * A number held to a range: a whole number from `min` to `max`, each refusal saying which
 * bound it missed ("must be at least 1"). `whole` names the unit where one helps ("must be
 * a whole number of rupees").
 */
export function wholeWithin<Schema extends z.ZodNumber | z.ZodCoercedNumber<unknown>>(
  number: Schema,
  range: { readonly min: number; readonly max: number },
  whole = "must be a whole number",
): Schema {
  return number
    .int(whole)
    .min(range.min, `must be at least ${range.min}`)
    .max(range.max, `must be at most ${range.max}`) as Schema;
}
