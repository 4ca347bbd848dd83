import { type FormEvent, useId, useState } from "react";
import { ERASURE_KINDS, type ErasureKind } from "../../../core/domain/erasure-code";
import { normalizeSriLankanMobile } from "../../../core/domain/phone";
import { UNSUBSCRIBE_ERRORS } from "../../../core/domain/unsubscribe-errors";
import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { postJson } from "../../../widget/runtime/http";
import { siteMessagesFor } from "../../messages";
import { erasureMessagesFor } from "../../messages/erasure";
import type { RequestProblem } from "./page.server";
import { StepHeading } from "./StepHeading";

/** What the visitor typed, kept while the page is open (to ask for a new code). */
export interface Typed {
  email: string;
  phone: string;
}

type FieldErrors = { email?: string | undefined; phone?: string | undefined };

/**
 * The first step: the e-mail and/or phone (SPEC §2, §5). The form always
 * posts (a GET would put the contact in the address); with JavaScript it
 * sends JSON and moves on in place, without it the server redirects to the
 * code step. Nothing is deleted here: a code goes to each contact.
 */
export function RequestStep({
  locale,
  problem,
  waitMinutes,
  typed,
  focus,
  onSent,
}: {
  locale: Locale;
  /** A problem of the last request (the server's redirect, or the code step sending us back). */
  problem: RequestProblem | undefined;
  waitMinutes: number | undefined;
  typed: Typed;
  focus: boolean;
  onSent(requestId: string, waiting: ErasureKind[], typed: Typed): void;
}) {
  const t = siteMessagesFor(locale);
  const e = erasureMessagesFor(locale);
  const id = useId();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(() => {
    if (problem === "missing") return { email: t.errorMissing };
    if (problem === "email") return { email: t.errorEmail };
    if (problem === "phone") return { phone: t.errorPhone };
    return {};
  });
  const pageProblem = (kind: RequestProblem | undefined, minutes = waitMinutes) => {
    if (kind === "send") return e.errorSend;
    if (kind === "busy") return fill(e.errorBusy, { minutes: minutes ?? 60 });
    if (kind === "expired") return e.errorExpired;
    if (kind === "tries") return e.errorTries;
    return undefined;
  };
  const [notice, setNotice] = useState(() => pageProblem(problem));
  const localized: Record<string, string> = {
    [UNSUBSCRIBE_ERRORS.email]: t.errorEmail,
    [UNSUBSCRIBE_ERRORS.phone]: t.errorPhone,
    [UNSUBSCRIBE_ERRORS.missing]: t.errorMissing,
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const phone = String(form.get("phone") ?? "").trim();
    // The same rules as the server's, checked here first for an instant answer.
    const found: FieldErrors = {
      email: email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? t.errorEmail : undefined,
      phone: phone && !normalizeSriLankanMobile(phone) ? t.errorPhone : undefined,
    };
    if (!email && !phone) found.email = t.errorMissing;
    setErrors(found);
    setNotice(undefined);
    if (found.email || found.phone) return;
    setSending(true);
    const response = await postJson("/api/unsubscribe", { email, phone, locale });
    setSending(false);
    const data = response.data as {
      requestId?: string;
      error?: { fields?: Record<string, string> };
    } | null;
    if (response.status === 202 && typeof data?.requestId === "string") {
      onSent(
        data.requestId,
        ERASURE_KINDS.filter((kind) => (kind === "email" ? email : phone)),
        { email, phone },
      );
      return;
    }
    const fields = data?.error?.fields;
    if (response.status === 400 && fields) {
      setErrors({
        email: fields.email && (localized[fields.email] ?? t.errorEmail),
        phone: fields.phone && (localized[fields.phone] ?? t.errorPhone),
      });
      return;
    }
    if (response.status === 429) {
      const seconds = Number(response.ok ? 0 : response.retryAfter);
      setNotice(pageProblem("busy", Math.max(1, Math.ceil((seconds || 3600) / 60))));
      return;
    }
    setNotice(response.status === 503 ? e.errorSend : t.unsubscribeFailed);
  };

  const field = (name: "email" | "phone", label: string, hint?: string) => {
    const error = errors[name];
    const describedBy = [hint ? `${id}-${name}-hint` : "", error ? `${id}-${name}-error` : ""]
      .filter(Boolean)
      .join(" ");
    return (
      <div className="form-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {hint ? (
          <p id={`${id}-${name}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
        <input
          id={`${id}-${name}`}
          name={name}
          type={name === "email" ? "email" : "tel"}
          inputMode={name === "email" ? "email" : "tel"}
          autoComplete={name === "email" ? "email" : "tel"}
          maxLength={name === "email" ? 254 : 40}
          defaultValue={typed[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {error ? (
          <p id={`${id}-${name}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section aria-labelledby="unsubscribe-title">
      <StepHeading text={t.unsubscribeTitle} focus={focus} />
      <p className="lead">{t.unsubscribeIntro}</p>
      <form
        className="form"
        method="post"
        action="/api/unsubscribe"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <input type="hidden" name="locale" value={locale} />
        {notice ? (
          <p className="field-error form-problem" role="alert">
            {notice}
          </p>
        ) : null}
        {field("email", t.emailLabel)}
        {field("phone", t.phoneLabel, t.phoneHint)}
        <button type="submit" className="button-small" disabled={sending}>
          {sending ? t.unsubscribeSending : t.unsubscribeSubmit}
        </button>
      </form>
    </section>
  );
}
