/**
 * GHS amounts are stored as integer pesewas and shown as `GH₵ 1,234.50`
 * (docs/product-rules.md#conventions-money).
 */
const formatter = new Intl.NumberFormat("en-GH", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatCedis(pesewas: number): string {
  return `GH₵ ${formatter.format(pesewas / 100)}`;
}
