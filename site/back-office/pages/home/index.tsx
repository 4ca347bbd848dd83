import { type BackOfficePageOf, inSection } from "../../page";
import { AccountPage, HomePage } from "./Home";

export const homePage: BackOfficePageOf<"home"> = {
  title: (_view, { t }) => t.homeTitle,
  section: inSection("home"),
  Body: ({ view, t, viewer }) => (viewer ? <HomePage view={view} t={t} viewer={viewer} /> : null),
};

export const accountPage: BackOfficePageOf<"account"> = {
  title: (_view, { t }) => t.accountTitle,
  section: inSection("account"),
  Body: AccountPage,
};
