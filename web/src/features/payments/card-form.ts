import { testConfirmBodySchema } from "#contract/api/payments.ts";

/** The TEST MODE card form's rules. Pure: unit-tested. */

/** "4242424242424242" → "4242 4242 4242 4242" as typed; digits only, at most 19. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Keeps the digits of a short field (MM, YY, CVC). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, "").slice(0, max);
}

export type CardFormValues = { cardNumber: string; expMonth: string; expYear: string; cvc: string };
export const EMPTY_CARD_FORM: CardFormValues = { cardNumber: "", expMonth: "", expYear: "", cvc: "" };

/** "27" → 2027; a four-digit year is kept; anything else is NaN (the schema reports it). */
export function fullExpiryYear(value: string): number {
  const trimmed = value.trim();
  if (/^\d{2}$/.test(trimmed)) return 2000 + Number(trimmed);
  if (/^\d{4}$/.test(trimmed)) return Number(trimmed);
  return Number.NaN;
}

export type CardCheck =
  | {
      ok: true;
      body: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number; cvc: string };
    }
  | { ok: false; errors: Partial<Record<keyof CardFormValues, string>> };

/** Checks the TEST MODE card form with the contract's schema and builds the confirm body. */
export function checkCardForm(values: CardFormValues, clientSecret: string): CardCheck {
  const errors: Partial<Record<keyof CardFormValues, string>> = {};
  if (!/^\d{2}$/.test(values.expYear.trim())) errors.expYear = "Enter the year as YY";
  const parsed = testConfirmBodySchema.safeParse({
    clientSecret,
    cardNumber: values.cardNumber,
    expMonth: values.expMonth.trim() === "" ? undefined : values.expMonth,
    expYear: fullExpiryYear(values.expYear),
    cvc: values.cvc.trim(),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "cardNumber" || field === "expMonth" || field === "cvc") {
        errors[field] ??= issue.message;
      } else if (field === "expYear") {
        errors.expYear ??= "Enter the year as YY";
      }
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
