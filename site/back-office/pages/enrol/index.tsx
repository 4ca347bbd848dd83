import type { BackOfficePageOf } from "../../page";
import { EnrolPage } from "./Enrol";

export const enrolPage: BackOfficePageOf<"enrol"> = {
  title: (_view, { t }) => t.enrolTitle,
  Body: EnrolPage,
};

export const enrolInvalidPage: BackOfficePageOf<"enrol-invalid"> = {
  title: (_view, { t }) => t.enrolInvalidTitle,
  Body: ({ t }) => <p>{t.enrolInvalid}</p>,
};
