import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Locale } from "../../core/locale";
import { fill } from "../../core/messages";
import { getJson, type HttpResult, postJson } from "../../widget/runtime/http";
import { type SendOffersMessages, sendOffersMessagesFor } from "../messages/send-offers";

/** How long a sent link works (server/borrowers/landing-tokens.ts LANDING_TOKEN_DAYS). */
const LINK_DAYS = 7;
const ENDPOINT = "/api/offers-link";

type Channel = "sms" | "email";
type Problem = "email" | "busy" | "notSent" | "gone" | "network";

/** What the server says the visitor's own lead may send to, masked. */
interface Contacts {
  phone: string;
  email: string | null;
}

function problemOf(result: HttpResult): Problem {
  const code = (result.data as { error?: { code?: unknown } } | null)?.error?.code;
  if (result.status === 0) return "network";
  if (result.status === 400) return "email";
  if (result.status === 404 || code === "no_application") return "gone";
  if (result.status === 429) return "busy";
  if (result.status === 503) return "notSent";
  return "network";
}

function problemText(t: SendOffersMessages, problem: Problem): string {
  return {
    email: t.sendErrorEmail,
    busy: t.sendErrorBusy,
    notSent: t.sendErrorNotSent,
    gone: t.sendErrorGone,
    network: t.sendErrorNetwork,
  }[problem];
}

/**
 * "Save or send my offers" (issue 17, decision 0205), on the offers page
 * after an application: a link that opens the offers again for seven
 * days, by SMS to the verified number (shown masked, as the server gives
 * it) or by e-mail to a typed address or the application's. A plain form
 * that posts to /api/offers-link without JavaScript (the server answers
 * with a page that says what happened); with it, the result is said here
 * and announced. It is part of the offers page's chunk, with its copy.
 */
export function SendOffers({ locale }: { locale: Locale }) {
  const t = sendOffersMessagesFor(locale);
  const id = useId();
  const ids = {
    title: `${id}-title`,
    email: `${id}-email`,
    hint: `${id}-hint`,
    error: `${id}-error`,
  };
  const [channel, setChannel] = useState<Channel>("sms");
  const [email, setEmail] = useState("");
  const [contacts, setContacts] = useState<Contacts>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string>();
  const [problem, setProblem] = useState<Problem>();
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let shown = true;
    getJson(ENDPOINT).then((result) => {
      const data = result.data as Partial<Contacts> | null;
      if (shown && result.ok && typeof data?.phone === "string") {
        setContacts({
          phone: data.phone,
          email: typeof data.email === "string" ? data.email : null,
        });
      }
    });
    return () => {
      shown = false;
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSent(undefined);
    const typed = email.trim();
    if (
      channel === "email" &&
      (typed === "" ? !contacts?.email : !/^[^\s@]+@[^\s@]+$/.test(typed))
    ) {
      setProblem("email");
      emailInput.current?.focus();
      return;
    }
    setProblem(undefined);
    setSending(true);
    const body = channel === "sms" ? { channel } : { channel, ...(typed ? { email: typed } : {}) };
    const result = await postJson(`${ENDPOINT}?lang=${locale}`, body);
    setSending(false);
    const data = result.data as { sentTo?: unknown; until?: unknown } | null;
    if (result.ok && typeof data?.sentTo === "string" && typeof data.until === "string") {
      const to = data.sentTo.replaceAll(" ", "\u00a0");
      setSent(fill(channel === "sms" ? t.sentSms : t.sentEmail, { to, date: data.until }));
      return;
    }
    const next = problemOf(result);
    setProblem(next);
    if (next === "email") emailInput.current?.focus();
  };

  const emailProblem = problem === "email";
  const phone = contacts?.phone.replaceAll(" ", "\u00a0");
  return (
    <section className="send-offers" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t.sendTitle}</h2>
      <p>{fill(t.sendIntro, { days: LINK_DAYS })}</p>
      <form
        className="send-offers-form"
        method="post"
        action={ENDPOINT}
        noValidate
        onSubmit={submit}
      >
        <input type="hidden" name="locale" value={locale} />
        <fieldset className="send-offers-channels">
          <legend>{t.sendChannel}</legend>
          <label className="send-offers-choice">
            <input
              type="radio"
              name="channel"
              value="sms"
              checked={channel === "sms"}
              onChange={() => setChannel("sms")}
            />
            <span>{phone ? fill(t.sendBySms, { phone }) : t.sendBySmsPlain}</span>
          </label>
          <label className="send-offers-choice">
            <input
              type="radio"
              name="channel"
              value="email"
              checked={channel === "email"}
              onChange={() => setChannel("email")}
            />
            <span>{t.sendByEmail}</span>
          </label>
          <div className="send-offers-email">
            <label className="send-offers-label" htmlFor={ids.email}>
              {t.sendEmailLabel}
            </label>
            <input
              ref={emailInput}
              id={ids.email}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              maxLength={254}
              value={email}
              onFocus={() => setChannel("email")}
              onChange={(event) => {
                setEmail(event.target.value);
                setChannel("email");
                if (emailProblem) setProblem(undefined);
              }}
              aria-invalid={emailProblem ? true : undefined}
              aria-describedby={[ids.hint, emailProblem ? ids.error : ""].filter(Boolean).join(" ")}
            />
            <p id={ids.hint} className="field-hint">
              {contacts?.email
                ? fill(t.sendEmailHint, { email: contacts.email })
                : t.sendEmailHintPlain}
            </p>
          </div>
        </fieldset>
        {problem ? (
          <p id={ids.error} className="field-error" role="alert">
            {problemText(t, problem)}
          </p>
        ) : null}
        <button type="submit" className="button-small" aria-busy={sending}>
          {sending ? t.sending : t.sendButton}
        </button>
        <p className="send-offers-sent" role="status">
          {sent ?? ""}
        </p>
      </form>
    </section>
  );
}
