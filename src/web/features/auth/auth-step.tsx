import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { FieldValues, Path, SubmitHandler, UseFormReturn } from "react-hook-form";
import type { MessageResponse } from "../../../shared/contracts/auth";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Form } from "../../components/ui/form-field";
import { applyServerErrors } from "../../lib/forms";
import { useT } from "../../lib/i18n";

interface AuthStepCardProps<TValues extends FieldValues, TOutput> {
  title?: string;
  description?: string;
  /** What was sent and where, or what to do now, above the form. */
  lead?: string;
  formLabel: string;
  form: UseFormReturn<TValues, unknown, TOutput>;
  onValid: SubmitHandler<TOutput>;
  submit: { label: string; pending: boolean; pendingLabel: string };
  /** The quiet button under the submit: back to sign-in, or a new code or link. */
  back: { label: string; onClick(): void };
  children: ReactNode;
}

/** One step of signing in or resetting a password: a card around its form, the submit and a way back. */
export function AuthStepCard<TValues extends FieldValues, TOutput>({
  title,
  description,
  lead,
  formLabel,
  form,
  onValid,
  submit,
  back,
  children,
}: AuthStepCardProps<TValues, TOutput>) {
  return (
    <Card title={title} description={description}>
      {lead !== undefined && <p className="mb-4 text-stone-700">{lead}</p>}
      <Form form={form} onValid={onValid} aria-label={formLabel} className="space-y-4">
        {children}
        <Button type="submit" className="w-full" pending={submit.pending} pendingLabel={submit.pendingLabel}>
          {submit.label}
        </Button>
        <Button variant="ghost" className="w-full" onClick={back.onClick}>
          {back.label}
        </Button>
      </Form>
    </Card>
  );
}

type SendMutation = Pick<UseMutationResult<MessageResponse, Error, string>, "mutate" | "isPending">;

interface WhereToSendStepProps<Name extends string, TValues extends Record<Name, string>> {
  text: { title: string; intro: string; formLabel: string; submit: string };
  form: UseFormReturn<TValues, unknown, TValues>;
  /** The form's one field: the email or the phone number the link or code goes to. */
  field: Name & Path<TValues>;
  send: SendMutation;
  /** Shown under the field when a refusal says nothing itself. */
  fallbackMessage: string;
  onSent(to: string, message: string): void;
  onBack(): void;
  children: ReactNode;
}

/**
 * The first step of a sign-in link, a password reset or a phone sign-in: where to send it. The answer
 * is the server's message; a refusal shows under the field.
 */
export function WhereToSendStep<Name extends string, TValues extends Record<Name, string>>({
  text,
  form,
  field,
  send,
  fallbackMessage,
  onSent,
  onBack,
  children,
}: WhereToSendStepProps<Name, TValues>) {
  const t = useT();
  const submit = (values: TValues) => {
    const to = values[field];
    send.mutate(to, {
      onSuccess: ({ message }) => onSent(to, message),
      onError: (failure) =>
        applyServerErrors(form, failure, {
          fallbackField: field,
          fallbackMessage,
        }),
    });
  };
  return (
    <AuthStepCard
      title={text.title}
      description={text.intro}
      formLabel={text.formLabel}
      form={form}
      onValid={submit}
      submit={{ label: text.submit, pending: send.isPending, pendingLabel: t("auth.sending") }}
      back={{ label: t("auth.backToSignIn"), onClick: onBack }}
    >
      {children}
    </AuthStepCard>
  );
}
