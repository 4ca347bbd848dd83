/**
 * The eligibility check (SPEC §3, §5; decision 0178): four yes/no
 * questions. Each is something the application itself requires of every
 * applicant, so a "no" to any of them rules out applying to every lender
 * through us (eligibility.test.ts checks this against the application's
 * rules and the catalogue): an age of 18 to 70 (core/domain/nic.ts, and no
 * product lends outside it), a Sri Lankan NIC, a Sri Lankan mobile number
 * and a bank. Four "yes" answers say only that the visitor may apply: each
 * lender still decides from age, income, employment, amount and period, so
 * there is no score.
 */
export const ELIGIBILITY_QUESTIONS = ["over", "citizen", "validIdentity", "validBank"] as const;

export type EligibilityQuestionName = (typeof ELIGIBILITY_QUESTIONS)[number];
export type EligibilityAnswers = Partial<Record<EligibilityQuestionName, boolean>>;

/** The questions answered "no", in order: each rules out applying. */
export function ruledOutBy(answers: EligibilityAnswers): EligibilityQuestionName[] {
  return ELIGIBILITY_QUESTIONS.filter((name) => answers[name] === false);
}

/** "pass": four yes; "fail": at least one no; "open": neither yet. */
export function eligibilityOutcome(answers: EligibilityAnswers): "pass" | "fail" | "open" {
  if (ruledOutBy(answers).length) return "fail";
  return meetsAllRequirements(answers) ? "pass" : "open";
}

/** Every requirement met: only then do we send the visitor on to apply. */
export function meetsAllRequirements(answers: EligibilityAnswers): boolean {
  return ELIGIBILITY_QUESTIONS.every((name) => answers[name] === true);
}
