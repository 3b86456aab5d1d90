/** A cost's amount as the Costs table shows it: two decimals plus the currency, 1250 "USD" → "12.50 USD". */
export function formatCostAmount(amountMinor: number, currency: string): string {
  const minor = Math.trunc(amountMinor);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const major = Math.trunc(abs / 100).toLocaleString("en-GB");
  return `${sign}${major}.${String(abs % 100).padStart(2, "0")} ${currency}`;
}

/** An amount in minor units as the Edit Cost form shows it to be typed again: 1250 → "12.50". */
export function minorToMajorText(amountMinor: number): string {
  const abs = Math.abs(Math.trunc(amountMinor));
  return `${amountMinor < 0 ? "-" : ""}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** One amount per currency, joined: "12.50 USD · 3.00 GBP"; never added together. */
export function formatTotals(totals: readonly { total: number; currency: string }[], none = "0.00"): string {
  if (totals.length === 0) return none;
  return totals.map((t) => formatCostAmount(t.total, t.currency)).join(" · ");
}
