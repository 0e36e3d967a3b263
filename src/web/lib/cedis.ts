/**
 * Amounts typed in GH₵ ("20", "0.50", "1,000") and sent as integer pesewas: the Money tab's boxes, an ad's
 * cashback and a member's withdrawal read them the same way.
 */

const cedisPattern = /^\d{1,7}(\.\d{1,2})?$/;

/** "0.50" → 50; "1,000" → 100000; undefined when the text isn't an amount in cedis. */
export function cedisToPesewas(text: string): number | undefined {
  const trimmed = text.trim().replace(/,/g, "");
  if (!cedisPattern.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 100);
}

/** The reverse, for a box's starting value: 1050 → "10.50", 2000 → "20". */
export function pesewasToCedisText(pesewas: number): string {
  return pesewas % 100 === 0 ? String(pesewas / 100) : (pesewas / 100).toFixed(2);
}
