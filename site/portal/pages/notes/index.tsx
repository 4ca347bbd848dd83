import type { PortalMessages } from "../../messages";
import type { PortalPageOf } from "../../page";
import { Saying } from "../../parts";

type Note = "link-invalid" | "refused" | "not-found";

function words(note: Note, t: PortalMessages): [title: string, text: string] {
  const each: Record<Note, [string, string]> = {
    "link-invalid": [t.linkInvalidTitle, t.linkInvalid],
    refused: [t.refusedTitle, t.refused],
    "not-found": [t.notFoundTitle, t.notFound],
  };
  return each[note];
}

/** A page that only says one thing, with the way back to the portal. */
export const notePage: PortalPageOf<Note> = {
  title: (view, { t }) => words(view.page, t)[0],
  Body: ({ view, t, base }) => (
    <Saying t={t} base={base}>
      <p>{words(view.page, t)[1]}</p>
    </Saying>
  ),
};
