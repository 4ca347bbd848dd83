import type { ProblemView } from "../../../../core/views/back-office";
import type { BackOfficeMessages } from "../../messages";
import type { BackOfficePageOf } from "../../page";

function words(view: ProblemView, t: BackOfficeMessages): [title: string, text: string] {
  const each: Record<ProblemView["page"], [string, string]> = {
    forbidden: [t.forbiddenTitle, t.forbidden],
    "not-found": [t.notFoundTitle, t.notFound],
    refused: [t.refusedTitle, t.refused],
    invalid: [t.invalidTitle, t.invalid],
  };
  return each[view.page];
}

/** A page that only says what went wrong, with the way back home. */
export const problemPage: BackOfficePageOf<ProblemView["page"]> = {
  title: (view, { t }) => words(view, t)[0],
  Body: ({ view, t }) => (
    <>
      <p>{words(view, t)[1]}</p>
      <p>
        <a href="/admin/">{t.backHome}</a>
      </p>
    </>
  ),
};
