import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  COMMUNITY_LIMITS,
  HONEYPOT_FIELD,
  REVIEW_IMAGE_TYPES,
} from "../../../core/domain/community";
import { groupThousands } from "../../../core/helpers/money";
import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import type { CommunityFieldErrors, CommunityProblem } from "../../community";
import {
  commentBody,
  commentProblems,
  imageDataProblem,
  imageFileProblem,
  reviewBody,
  reviewProblems,
} from "../../community-form";
import { communityMessagesFor, siteMessagesFor } from "../../messages";
import { postCommunity, shrinkPhoto } from "./browser";

type Values = { name: string; email: string; text: string; rating: string; website: string };
type Field = keyof Values | "image";
type Status = "idle" | "sending" | "sent";
/** A review's photo: being read, read (its data URL), or refused (wrong type or size). */
type Photo = { url: string } | "reading" | "refused" | undefined;

const EMPTY: Values = { name: "", email: "", text: "", rating: "", website: "" };
const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A comment (or an answer to one, with `parentId`) on an article, or a
 * customer review on the home page. Checked here first, then by the server;
 * accepted means pending: the author sees a confirmation and the form
 * empties, and the text appears only once a moderator approves it. On a
 * failure everything typed stays. An answer's form (with `onCancel`)
 * takes the focus when it opens. Both ask for an e-mail, never shown, so
 * that an erasure request can find what was written. A review may carry a
 * photo, checked and previewed here and sent as a data URL.
 */
export function CommunityForm({
  locale,
  kind,
  title,
  slug = "",
  parentId,
  onCancel,
}: {
  locale: Locale;
  kind: "comment" | "review";
  title: string;
  slug?: string;
  parentId?: string | undefined;
  onCancel?: (() => void) | undefined;
}) {
  const t = siteMessagesFor(locale);
  const c = communityMessagesFor(locale);
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<CommunityFieldErrors>({});
  const [status, setStatus] = useState<Status>("idle");
  // What went wrong with the last sending, in words (too many attempts, no connection).
  const [problem, setProblem] = useState("");
  const [photo, setPhoto] = useState<Photo>();
  const review = kind === "review";
  const first = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  // Only the last file chosen counts, however the readings finish.
  const photoTurn = useRef(0);
  const replying = onCancel !== undefined;
  useEffect(() => {
    if (replying) first.current?.focus();
  }, [replying]);
  const fields: Field[] = review
    ? ["name", "email", "rating", "text", "image"]
    : ["name", "email", "text"];
  const text = (problem: CommunityProblem) => c[`communityError:${problem}`];
  // Problems with what the visitor cannot edit (the article, the comment answered).
  const others = Object.entries(errors).flatMap(([field, problem]) =>
    problem && !fields.includes(field as Field) ? [text(problem)] : [],
  );

  const clearPhoto = () => {
    photoTurn.current += 1;
    setPhoto(undefined);
    if (photoInput.current) photoInput.current.value = "";
  };
  const choosePhoto = async (input: HTMLInputElement) => {
    const turn = ++photoTurn.current;
    const file = input.files?.[0];
    const refused = file ? imageFileProblem(file) : undefined;
    setErrors(({ image: _, ...others }) => (refused ? { ...others, image: refused } : others));
    setPhoto(!file ? undefined : refused ? "refused" : "reading");
    if (!file || refused) return;
    const url = await shrinkPhoto(file).catch(() => "");
    if (turn !== photoTurn.current) return;
    const unreadable = imageDataProblem(url);
    setPhoto(unreadable ? "refused" : { url });
    if (unreadable) setErrors((previous) => ({ ...previous, image: unreadable }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === "sending" || photo === "reading") return;
    const rating = Number(values.rating);
    const image = typeof photo === "object" ? photo.url : undefined;
    const found = review
      ? {
          ...reviewProblems({ ...values, rating, image }),
          ...(photo === "refused" ? { image: "image" as const } : {}),
        }
      : commentProblems(values);
    setErrors(found);
    setProblem("");
    setStatus("idle");
    if (Object.keys(found).length > 0) return;
    setStatus("sending");
    const outcome = review
      ? await postCommunity("/api/reviews", reviewBody(locale, { ...values, rating, image }))
      : await postCommunity("/api/comments", commentBody(slug, locale, values, parentId));
    setStatus(outcome.kind === "accepted" ? "sent" : "idle");
    if (outcome.kind === "accepted") {
      setValues(EMPTY);
      clearPhoto();
    }
    if (outcome.kind === "invalid") setErrors(outcome.errors);
    if (outcome.kind === "failed") setProblem(c.failed);
    if (outcome.kind === "throttled") setProblem(fill(c.throttled, { minutes: outcome.minutes }));
  };

  const fieldId = (field: Field) => `${id}-${field}`;
  const describedBy = (field: Field, hint: boolean) =>
    [hint ? `${fieldId(field)}-hint` : "", errors[field] ? `${fieldId(field)}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const control = (field: keyof Values, hint = false) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy(field, hint),
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((previous) => ({ ...previous, [field]: value }));
    },
  });
  const error = (field: Field) => {
    const problem = errors[field];
    return problem ? (
      <p id={`${fieldId(field)}-error`} className="field-error" role="alert">
        {text(problem)}
      </p>
    ) : null;
  };
  const hint = (field: Field, words: string) => (
    <p id={`${fieldId(field)}-hint`} className="field-hint">
      {words}
    </p>
  );
  const max = review ? COMMUNITY_LIMITS.review.max : COMMUNITY_LIMITS.comment.max;

  return (
    <form
      className="form community-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      <div className="form-field">
        <label htmlFor={fieldId("name")}>{c.nameLabel}</label>
        <input
          {...control("name")}
          ref={first}
          autoComplete="name"
          maxLength={COMMUNITY_LIMITS.name.max}
        />
        {error("name")}
      </div>
      {/* Never shown on the site; an erasure request for it deletes what was written (0092). */}
      <div className="form-field">
        <label htmlFor={fieldId("email")}>{t.emailLabel}</label>
        {hint("email", c.emailHint)}
        <input
          {...control("email", true)}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={COMMUNITY_LIMITS.email.max}
        />
        {error("email")}
      </div>
      {review ? (
        <fieldset className="star-input">
          <legend>{c.ratingLabel}</legend>
          {STARS.map((stars) => (
            <label key={stars} className="star">
              <input
                {...control("rating")}
                id={`${fieldId("rating")}-${stars}`}
                type="radio"
                className="visually-hidden"
                value={stars}
                checked={values.rating === String(stars)}
              />
              <span aria-hidden="true">{stars <= Number(values.rating) ? "★" : "☆"}</span>
              <span className="visually-hidden">{fill(c.stars, { stars })}</span>
            </label>
          ))}
          {error("rating")}
        </fieldset>
      ) : null}
      <div className="form-field">
        <label htmlFor={fieldId("text")}>{review ? c.reviewLabel : c.commentLabel}</label>
        <textarea {...control("text", true)} rows={review ? 4 : 5} maxLength={max} />
        {hint(
          "text",
          fill(c.characters, {
            count: groupThousands(values.text.length),
            max: groupThousands(max),
          }),
        )}
        {error("text")}
      </div>
      {review ? (
        <div className="form-field">
          <label htmlFor={fieldId("image")}>{c.photoLabel}</label>
          {hint("image", c.photoHint)}
          {/*
            The browser's own picker would read "Choose File / No file chosen" in its
            language, not the page's: the input stays (visually hidden, focusable, named
            by both labels) and a second label, styled as a button, opens it.
          */}
          <div className="file-picker">
            <input
              ref={photoInput}
              id={fieldId("image")}
              className="visually-hidden file-input"
              type="file"
              accept={REVIEW_IMAGE_TYPES.join(",")}
              aria-invalid={errors.image ? true : undefined}
              aria-describedby={describedBy("image", true)}
              onChange={(event) => void choosePhoto(event.currentTarget)}
            />
            <label htmlFor={fieldId("image")} className="button-secondary file-button">
              {c.photoChoose}
            </label>
            {photo ? null : <span className="file-none">{c.photoNone}</span>}
          </div>
          {error("image")}
          {photo ? (
            <p className="photo-chosen">
              {typeof photo === "object" ? (
                <img
                  className="photo-preview"
                  src={photo.url}
                  alt={c.photoPreview}
                  width={64}
                  height={64}
                />
              ) : null}
              <button
                type="button"
                className="button-secondary"
                onClick={() => {
                  clearPhoto();
                  setErrors(({ image: _, ...others }) => others);
                  photoInput.current?.focus();
                }}
              >
                {c.photoRemove}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
      {/* The honeypot: out of sight and out of the accessibility tree; robots fill it. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={fieldId("website")}>{c.honeypotLabel}</label>
        <input {...control("website")} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      {others.map((problem) => (
        <p key={problem} className="field-error" role="alert">
          {problem}
        </p>
      ))}
      <p className="form-actions">
        <button
          type="submit"
          className="button-small"
          disabled={status === "sending" || photo === "reading"}
        >
          {status === "sending" ? t.unsubscribeSending : c.send}
        </button>
        {onCancel ? (
          <button type="button" className="button-secondary" onClick={onCancel}>
            {c.cancel}
          </button>
        ) : null}
      </p>
      <p role="status" className="form-sent">
        {status === "sent" ? (review ? c.reviewSent : c.commentSent) : ""}
      </p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
