import { ArrowRight, Info } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { LabelledField } from "#web/components/labelled-field.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { rememberReferralCode } from "./referral.ts";
import { ReferralBanner } from "./referral-banner.tsx";

/** The screen sends the visitor on to /auth after 2 s. */
export const TAGG_REDIRECT_MS = 2_000;

type TaggRequestFields = { firstName: string; lastName: string; tagg: string; reason: string; email: string };

type FieldSpec = {
  name: keyof TaggRequestFields;
  label: string;
  type?: string;
  autoComplete: string;
  /** Half a row from the small breakpoint up; the others take a full row. */
  half?: boolean;
  multiline?: boolean;
};

const FIELDS: FieldSpec[] = [
  { name: "firstName", label: "First Name", autoComplete: "given-name", half: true },
  { name: "lastName", label: "Last Name", autoComplete: "family-name", half: true },
  { name: "tagg", label: "Tagg", autoComplete: "off" },
  { name: "reason", label: "Reason", autoComplete: "off", multiline: true },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
];

/**
 * /tagg: the old alternative registration screen. Its five fields are shown but disabled, since
 * accounts are created on /auth and a tagg is claimed from the dashboard; any `?ref=` code is kept for the
 * registration form, and the visitor is taken to /auth after 2 s (or at once with the button).
 */
export function TaggPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [referralCode] = useState(() => rememberReferralCode(location.search));
  const form = useForm<TaggRequestFields>({
    defaultValues: { firstName: "", lastName: "", tagg: "", reason: "", email: "" },
    disabled: true,
  });

  useEffect(() => {
    const timer = window.setTimeout(() => navigate("/auth", { replace: true }), TAGG_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6">
      <PageTitle title="Register Your Tagg" />
      <Card>
        <CardHeader>
          <CardTitle level={1} className="text-2xl" id="tagg-title">
            Register Your Tagg
          </CardTitle>
          <CardDescription>
            Accounts are created on the main registration page; once signed in you claim your tagg from the
            dashboard.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Alert variant="warning" role="status">
            <Info aria-hidden="true" />
            <div>
              <p className="font-semibold">Registration Temporarily Disabled</p>
              <p>Please use the main registration page instead. Taking you there now...</p>
            </div>
          </Alert>
          {referralCode ? <ReferralBanner referralCode={referralCode} /> : null}
          <Form {...form}>
            <form
              aria-labelledby="tagg-title"
              onSubmit={(event) => event.preventDefault()}
              className="grid gap-4 sm:grid-cols-2"
            >
              {FIELDS.map((spec) => (
                <LabelledField
                  key={spec.name}
                  control={form.control}
                  name={spec.name}
                  label={spec.label}
                  className={spec.half ? undefined : "sm:col-span-2"}
                >
                  {({ field }) =>
                    spec.multiline ? (
                      <Textarea rows={3} {...field} />
                    ) : (
                      <Input type={spec.type} autoComplete={spec.autoComplete} {...field} />
                    )
                  }
                </LabelledField>
              ))}
              <Button type="submit" size="lg" disabled className="w-full sm:col-span-2">
                Register Tagg
              </Button>
            </form>
          </Form>
        </CardContent>
        <CardFooter className="justify-center">
          <Button asChild variant="outline">
            <Link to="/auth">
              Go to registration
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
