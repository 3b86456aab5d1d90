import { ArrowLeft, CreditCard, FlaskConical, Lock } from "lucide-react";
import { useForm } from "react-hook-form";
import { TEST_CARDS } from "#contract/api/payments.ts";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { SubmitButton } from "#web/components/submit-button.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { setFieldErrors } from "#web/lib/form-errors.ts";
import {
  type CardFormValues,
  checkCardForm,
  digitsOnly,
  EMPTY_CARD_FORM,
  formatCardNumber,
} from "./card-form.ts";
import type { TestConfirmRequest } from "./use-payments.ts";

export type TestCardFormProps = {
  clientSecret: string;
  priceLabel: string;
  pending: boolean;
  onSubmit: (body: TestConfirmRequest) => void;
  onBack: () => void;
  /** The submit button (default "Pay GBP 12"), e.g. "Save card" when changing the card. */
  submitLabel?: string;
  backLabel?: string;
};

/** Expiry month, year and CVC: digits only, at most `maxLength`. */
const SHORT_FIELDS = [
  { name: "expMonth", label: "MM", placeholder: "MM", maxLength: 2, autoComplete: "cc-exp-month" },
  { name: "expYear", label: "YY", placeholder: "YY", maxLength: 2, autoComplete: "cc-exp-year" },
  { name: "cvc", label: "CVC", placeholder: "123", maxLength: 4, autoComplete: "cc-csc" },
] as const;

/** The built-in card form of the test provider, clearly marked TEST MODE. */
export function TestCardForm({
  clientSecret,
  priceLabel,
  pending,
  onSubmit,
  onBack,
  submitLabel = `Pay ${priceLabel}`,
  backLabel = "Back to Plans",
}: TestCardFormProps) {
  const form = useForm<CardFormValues>({ defaultValues: EMPTY_CARD_FORM });

  const submit = form.handleSubmit((values) => {
    const result = checkCardForm(values, clientSecret);
    if (!result.ok) {
      setFieldErrors(form, result.errors);
      return;
    }
    onSubmit(result.body);
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Card details">
        <Alert variant="warning" role="note" className="flex-col gap-2 sm:flex-row">
          <FlaskConical aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-bold tracking-wide">TEST MODE</p>
            <p>
              No real card is charged. Use{" "}
              <span className="font-mono font-semibold">4242 4242 4242 4242</span> to pay,{" "}
              <span className="font-mono font-semibold">4000 0000 0000 0002</span> to see a declined card, or{" "}
              <span className="font-mono font-semibold">4000 0000 0000 0341</span> for a card that is saved
              but fails when charged. Any future expiry date and any 3-digit CVC work.
            </p>
          </div>
        </Alert>
        <FormField
          control={form.control}
          name="cardNumber"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Card number</FormLabel>
              <div className="relative">
                <CreditCard
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
                  aria-hidden="true"
                />
                <FormControl>
                  <Input
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder={formatCardNumber(TEST_CARDS.pays)}
                    className="pl-9 font-mono tracking-wide"
                    {...field}
                    disabled={pending}
                    onChange={(event) => {
                      field.onChange(formatCardNumber(event.target.value));
                      form.clearErrors("cardNumber");
                    }}
                  />
                </FormControl>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid grid-cols-3 gap-3">
          {SHORT_FIELDS.map(({ name, label, placeholder, maxLength, autoComplete }) => (
            <LabelledField key={name} control={form.control} name={name} label={label}>
              {({ field }) => (
                <Input
                  inputMode="numeric"
                  autoComplete={autoComplete}
                  placeholder={placeholder}
                  maxLength={maxLength}
                  {...field}
                  disabled={pending}
                  onChange={(event) => {
                    field.onChange(digitsOnly(event.target.value, maxLength));
                    form.clearErrors(name);
                  }}
                />
              )}
            </LabelledField>
          ))}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={onBack} disabled={pending}>
            <ArrowLeft aria-hidden="true" />
            {backLabel}
          </Button>
          <SubmitButton pending={pending} icon={<Lock aria-hidden="true" />} size="lg">
            {pending ? "Processing..." : submitLabel}
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
