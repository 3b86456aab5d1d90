import { zodResolver } from "@hookform/resolvers/zod";
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Form } from "#web/components/ui/form.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { applyServerFieldErrors } from "#web/lib/form-errors.ts";
import {
  type AdminSettingData,
  type AdminSettingUrl,
  type AdminSettingUrls,
  useAdminSetting,
} from "./use-admin-setting.ts";

/** What a setting's fields are given to draw themselves. */
export type AdminSettingFieldsProps<TData, TForm extends FieldValues, TBody> = {
  form: UseFormReturn<TForm, unknown, TBody>;
  /** The setting as the server last answered it. */
  data: TData;
  /** A save is under way. */
  pending: boolean;
  /** Saves a body at once, past the form (a switch that saves as it is turned), with the same notices. */
  send: (body: TBody) => void;
};

export type AdminSettingCardProps<Read extends AdminSettingUrl, TForm extends FieldValues, TBody> = {
  title: ReactNode;
  description: ReactNode;
  /** Where the setting is read and saved. */
  urls: AdminSettingUrls<Read>;
  /**
   * What loads ("affiliate settings"): said to screen readers as "Loading affiliate settings..." over a
   * skeleton of these classes, and "Failed to load affiliate settings" (with Try Again) if it fails.
   */
  loading: { what: string; skeleton: string };
  /** The contract's body schema: the form shows its messages, and sends what it outputs. */
  schema: z.ZodType<TBody, TForm>;
  /**
   * The form's values for what the server answered (the type of its parameter is the setting's); the form
   * follows when that changes (after a save).
   */
  toForm: (data: AdminSettingData<Read>) => TForm;
  /** The notice after a save, from what the server saved. */
  savedToast: (saved: AdminSettingData<Read>) => { title: string; description: string };
  /** The notice when a save fails: its title, and the text when the server gave none. */
  failedToast: { title: string; fallback: string };
  /** The form's layout. */
  className?: string;
  /** The setting's fields and its submit button. */
  children: (props: AdminSettingFieldsProps<AdminSettingData<Read>, TForm, TBody>) => ReactNode;
};

/**
 * An administrator setting as a card: its loading, load failure and form, checked with the contract's schema
 * and saved on the server. A save's field errors show on their fields, and every save says how it went.
 */
export function AdminSettingCard<Read extends AdminSettingUrl, TForm extends FieldValues, TBody>({
  title,
  description,
  urls,
  loading: { what, skeleton },
  ...formProps
}: AdminSettingCardProps<Read, TForm, TBody>) {
  const { query, save } = useAdminSetting<Read, TBody>(urls);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          loading={
            <LoadingStatus label={`Loading ${what}...`}>
              <Skeleton className={skeleton} />
            </LoadingStatus>
          }
          error={`Failed to load ${what}`}
        >
          {(data) => <AdminSettingForm data={data} save={save} {...formProps} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

type AdminSettingFormProps<Read extends AdminSettingUrl, TForm extends FieldValues, TBody> = Omit<
  AdminSettingCardProps<Read, TForm, TBody>,
  "title" | "description" | "urls" | "loading"
> & {
  data: AdminSettingData<Read>;
  save: UseMutationResult<AdminSettingData<Read>, Error, TBody>;
};

function AdminSettingForm<Read extends AdminSettingUrl, TForm extends FieldValues, TBody>({
  data,
  save,
  schema,
  toForm,
  savedToast,
  failedToast,
  className,
  children,
}: AdminSettingFormProps<Read, TForm, TBody>) {
  const form = useForm<TForm, unknown, TBody>({ resolver: zodResolver(schema), values: toForm(data) });
  const send = (body: TBody) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        const { title, description } = savedToast(saved);
        toast.success(title, { description });
      },
      onError: (error) => {
        applyServerFieldErrors(form, error);
        toast.error(failedToast.title, { description: errorMessage(error, failedToast.fallback) });
      },
    });

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(send)} noValidate className={className}>
        {children({ form, data, pending: save.isPending, send })}
      </form>
    </Form>
  );
}
