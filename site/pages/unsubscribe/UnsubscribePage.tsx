import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { localizePath } from "../../../core/locale";
import { normalizeSriLankanMobile } from "../../../core/phone";
import { UNSUBSCRIBE_ERRORS } from "../../../core/unsubscribe-errors";
import { postJson } from "../../../widget/runtime/http";
import { siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import type { UnsubscribeView } from "./page.server";

type Status = "idle" | "sending" | "done" | "failed";
type FieldErrors = { email?: string | undefined; phone?: string | undefined };

/**
 * SPEC §2's personal-data deletion request. The form always posts (a GET
 * would put the e-mail in the address); with JavaScript it sends JSON and
 * shows the answer in place, without it the server redirects to /unsubscribe/done/.
 */
export function UnsubscribePage({ locale, view }: PageProps<UnsubscribeView>) {
  const t = siteMessagesFor(locale);
  const id = useId();
  const [status, setStatus] = useState<Status>(view.done ? "done" : "idle");
  const [errors, setErrors] = useState<FieldErrors>(() => {
    // A request sent without JavaScript comes back with its problem in the query.
    if (view.error === "missing") return { email: t.errorMissing };
    if (view.error === "email") return { email: t.errorEmail };
    if (view.error === "phone") return { phone: t.errorPhone };
    return {};
  });
  const localized: Record<string, string> = {
    [UNSUBSCRIBE_ERRORS.email]: t.errorEmail,
    [UNSUBSCRIBE_ERRORS.phone]: t.errorPhone,
    [UNSUBSCRIBE_ERRORS.missing]: t.errorMissing,
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
    if (found.email || found.phone) return;
    setStatus("sending");
    const response = await postJson("/api/unsubscribe", { email, phone });
    const fields = (response.data as { error?: { fields?: Record<string, string> } } | null)?.error
      ?.fields;
    if (response.status === 400 && fields) {
      setErrors({
        email: fields.email && (localized[fields.email] ?? t.errorEmail),
        phone: fields.phone && (localized[fields.phone] ?? t.errorPhone),
      });
      setStatus("idle");
      return;
    }
    setStatus(response.ok ? "done" : "failed");
  };

  if (status === "done") {
    return (
      <section aria-labelledby="unsubscribe-title">
        <DoneHeading text={t.unsubscribeDoneTitle} />
        <p>{t.unsubscribeDone}</p>
        <a href={localizePath(locale, "/")}>{t.navHome}</a>
      </section>
    );
  }

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
      <h1 id="unsubscribe-title">{t.unsubscribeTitle}</h1>
      <p className="lead">{t.unsubscribeIntro}</p>
      <form
        className="form"
        method="post"
        action="/api/unsubscribe"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <input type="hidden" name="locale" value={locale} />
        {field("email", t.emailLabel)}
        {field("phone", t.phoneLabel, t.phoneHint)}
        <button type="submit" className="button-small" disabled={status === "sending"}>
          {status === "sending" ? t.unsubscribeSending : t.unsubscribeSubmit}
        </button>
        {status === "failed" ? (
          <p className="field-error" role="alert">
            {t.unsubscribeFailed}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** The confirmation's heading takes focus: the form and its button are gone. */
function DoneHeading({ text }: { text: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 id="unsubscribe-title" ref={heading} tabIndex={-1}>
      {text}
    </h1>
  );
}
