import { ArrowLeft, CreditCard, FlaskConical, Lock } from "lucide-react";
import { useForm } from "react-hook-form";
import { TEST_CARDS } from "#contract/api/payments.ts";
import { errorId, FormField } from "#web/components/form-field.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import {
  type CardFormValues,
  checkCardForm,
  digitsOnly,
  EMPTY_CARD_FORM,
  formatCardNumber,
} from "./payments-display.ts";
import type { TestConfirmRequest } from "./use-payments.ts";

export type TestCardFormProps = {
  clientSecret: string;
  priceLabel: string;
  pending: boolean;
  onSubmit: (body: TestConfirmRequest) => void;
  onBack: () => void;
};

/** The built-in card form of the test provider, clearly marked TEST MODE (DESIGN "Payments"). */
export function TestCardForm({ clientSecret, priceLabel, pending, onSubmit, onBack }: TestCardFormProps) {
  const form = useForm<CardFormValues>({ defaultValues: EMPTY_CARD_FORM });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const result = checkCardForm(values, clientSecret);
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.errors)) {
        form.setError(field as keyof CardFormValues, { message });
      }
      return;
    }
    onSubmit(result.body);
  });

  const short = (name: "expMonth" | "expYear" | "cvc", max: number) =>
    form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        form.setValue(name, digitsOnly(event.target.value, max));
        form.clearErrors(name);
      },
    });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Card details">
      <Alert variant="warning" role="note" className="flex-col gap-2 sm:flex-row">
        <FlaskConical aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-bold tracking-wide">TEST MODE</p>
          <p>
            No real card is charged. Use <span className="font-mono font-semibold">4242 4242 4242 4242</span>{" "}
            to pay, or <span className="font-mono font-semibold">4000 0000 0000 0002</span> to see a declined
            card. Any future expiry date and any 3-digit CVC work.
          </p>
        </div>
      </Alert>
      <FormField id="card-number" label="Card number" error={errors.cardNumber?.message}>
        <div className="relative">
          <CreditCard
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            id="card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder={formatCardNumber(TEST_CARDS.pays)}
            className="pl-9 font-mono tracking-wide"
            disabled={pending}
            aria-invalid={errors.cardNumber ? true : undefined}
            aria-describedby={errorId("card-number")}
            {...form.register("cardNumber", {
              onChange: (event: { target: { value: string } }) => {
                form.setValue("cardNumber", formatCardNumber(event.target.value));
                form.clearErrors("cardNumber");
              },
            })}
          />
        </div>
      </FormField>
      <div className="grid grid-cols-3 gap-3">
        <FormField id="card-exp-month" label="MM" error={errors.expMonth?.message}>
          <Input
            id="card-exp-month"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            placeholder="MM"
            maxLength={2}
            disabled={pending}
            aria-invalid={errors.expMonth ? true : undefined}
            aria-describedby={errorId("card-exp-month")}
            {...short("expMonth", 2)}
          />
        </FormField>
        <FormField id="card-exp-year" label="YY" error={errors.expYear?.message}>
          <Input
            id="card-exp-year"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            placeholder="YY"
            maxLength={2}
            disabled={pending}
            aria-invalid={errors.expYear ? true : undefined}
            aria-describedby={errorId("card-exp-year")}
            {...short("expYear", 2)}
          />
        </FormField>
        <FormField id="card-cvc" label="CVC" error={errors.cvc?.message}>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            disabled={pending}
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby={errorId("card-cvc")}
            {...short("cvc", 4)}
          />
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={pending}>
          <ArrowLeft aria-hidden="true" />
          Back to Plans
        </Button>
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? <Spinner className="text-white" /> : <Lock aria-hidden="true" />}
          {pending ? "Processing..." : `Pay ${priceLabel}`}
        </Button>
      </div>
    </form>
  );
}
