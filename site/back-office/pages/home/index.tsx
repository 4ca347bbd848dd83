import type { BackOfficePageOf } from "../../page";
import { AccountPage, HomePage } from "./Home";

export const homePage: BackOfficePageOf<"home"> = {
  title: (_view, { t }) => t.homeTitle,
  name: "Home",
  Body: ({ view, t, viewer, sections }) =>
    viewer ? <HomePage view={view} t={t} viewer={viewer} sections={sections} /> : null,
};

export const accountPage: BackOfficePageOf<"account"> = {
  name: "Your account",
  describe: "Your two-step sign-in, and signing out everywhere.",
  Body: AccountPage,
};
