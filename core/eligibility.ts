/**
 * The eligibility test (SPEC §3, §5): four yes/no questions, each with the
 * weight the spec gives it. The score is the sum of the weights answered
 * "yes"; it says how many basic requirements the visitor meets, not what a
 * lender will decide, and the widget words it that way.
 */
export const ELIGIBILITY_QUESTIONS = [
  { name: "over", percent: 20 },
  { name: "citizen", percent: 35 },
  { name: "validIdentity", percent: 15 },
  { name: "validBank", percent: 28 },
] as const;

export type EligibilityQuestionName = (typeof ELIGIBILITY_QUESTIONS)[number]["name"];
export type EligibilityAnswers = Partial<Record<EligibilityQuestionName, boolean>>;

export function approvalPercent(answers: EligibilityAnswers): number {
  return ELIGIBILITY_QUESTIONS.reduce(
    (sum, question) => sum + (answers[question.name] === true ? question.percent : 0),
    0,
  );
}

export function allAnswered(answers: EligibilityAnswers): boolean {
  return ELIGIBILITY_QUESTIONS.every((question) => typeof answers[question.name] === "boolean");
}

/** Every requirement met: only then do we send the visitor on to apply. */
export function meetsAllRequirements(answers: EligibilityAnswers): boolean {
  return ELIGIBILITY_QUESTIONS.every((question) => answers[question.name] === true);
}
