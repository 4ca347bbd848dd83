import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { writeCookie } from "../../../widget/runtime/cookies";
import { applicationMessagesFor } from "../../messages";
import type { FieldPath } from "./application-form";
import { isPairMessage } from "./birth-date";
import { problemText } from "./field-text";
import type { FormState } from "./form-state";

/** server/borrowers/saved-application.ts reads it; the server's modules are not in the page. */
const APPLICATION_RESET_COOKIE = "application_reset";
/** As long as answers are offered again at all (SAVED_APPLICATION_TTL_MS). */
const RESET_COOKIE_SECONDS = 60 * 60;

/**
 * "Start again" (decision 0196): tells the server, by a cookie holding when
 * the application shown was made (no personal data), not to offer its
 * answers again to anyone using this browser.
 */
export function forgetSavedApplication(appliedAt: string | undefined): void {
  const time = Date.parse(appliedAt ?? "");
  if (!Number.isFinite(time)) return;
  writeCookie(APPLICATION_RESET_COOKIE, String(time), RESET_COOKIE_SECONDS);
}

/**
 * The form's one status line (visually hidden, polite): the date of birth
 * the NIC filled in, and what the pair's check says, as it happens; the
 * fields' own messages are read with the fields, and the summary after a
 * submit (decision 0197).
 */
export function nicStatusText(
  locale: Locale,
  state: Pick<FormState, "values" | "errors" | "birthDateFromNic">,
  labels: Record<FieldPath, string>,
): string {
  const { values, errors } = state;
  return [
    // A restored form says it at load too: a live region's first content is not read out.
    state.birthDateFromNic && values.birthDate !== ""
      ? fill(applicationMessagesFor(locale).birthDateFilled, { date: values.birthDate })
      : "",
    ...(["nic", "birthDate"] as const).map((path) =>
      isPairMessage(errors[path]) ? `${labels[path]}: ${problemText(locale, errors[path])}` : "",
    ),
  ]
    .filter(Boolean)
    .join(" ");
}
