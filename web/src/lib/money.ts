/** Money display: amounts travel as integer minor units (pence). */

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  const code = currency.trim().toUpperCase() || "GBP";
  let formatter = formatters.get(code);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat("en-GB", { style: "currency", currency: code });
    } catch {
      formatter = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
    }
    formatters.set(code, formatter);
  }
  return formatter;
}

/**
 * 1234 pence, "GBP" → "£12.34". The one place minor units become display text: the division happens only
 * here, for display, and no arithmetic is ever done on its result.
 */
export function formatMoney(amountMinor: number, currency = "GBP"): string {
  const minor = Number.isFinite(amountMinor) ? Math.trunc(amountMinor) : 0;
  return formatterFor(currency).format(minor / 100);
}

/** The plan price as the Premium screen shows it: 1200, "GBP" → "GBP 12"; 1250 → "GBP 12.50". No floats. */
export function formatPlanPrice(priceMinor: number, currency: string): string {
  const minor = Math.max(0, Math.trunc(priceMinor));
  const major = Math.trunc(minor / 100);
  const pence = minor % 100;
  return `${currency} ${pence === 0 ? major : `${major}.${String(pence).padStart(2, "0")}`}`;
}
