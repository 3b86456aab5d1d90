/**
 * The Add Cost form's amount: "12.50" (or "12.5", "12") becomes 1250 minor units with string arithmetic only,
 * never a float. Anything else — a third decimal, a sign, letters, zero — answers null.
 */
export function parseAmountInput(text: string): number | null {
  const match = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return minor > 0 ? minor : null;
}

/** A cost's amount as the spec's table shows it: two decimals plus the currency, 1250 "USD" → "12.50 USD". */
export function formatCostAmount(amountMinor: number, currency: string): string {
  const minor = Math.trunc(amountMinor);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const major = Math.trunc(abs / 100).toLocaleString("en-GB");
  return `${sign}${major}.${String(abs % 100).padStart(2, "0")} ${currency}`;
}

/** One amount per currency, joined: "12.50 USD · 3.00 GBP"; never added together. */
export function formatTotals(totals: readonly { total: number; currency: string }[], none = "0.00"): string {
  if (totals.length === 0) return none;
  return totals.map((t) => formatCostAmount(t.total, t.currency)).join(" · ");
}
