import type { LenderPortalMessages } from "../../messages";
import type { LenderPageOf } from "../../page";

type Note = "link-invalid" | "refused" | "not-found";

const NOTES: Record<Note, { title: keyof LenderPortalMessages; text: keyof LenderPortalMessages }> =
  {
    "link-invalid": { title: "linkInvalidTitle", text: "linkInvalid" },
    refused: { title: "refusedTitle", text: "refused" },
    "not-found": { title: "notFoundTitle", text: "notFound" },
  };

/** A page that says one thing, with the way back to the portal's door. */
export const notePage: LenderPageOf<Note> = {
  title: (view, { t }) => String(t[NOTES[view.page].title]),
  Body: ({ view, t, base }) => (
    <>
      <p>{String(t[NOTES[view.page].text])}</p>
      <p>
        <a className="lender-target" href={base}>
          {t.backHome}
        </a>
      </p>
    </>
  ),
};
