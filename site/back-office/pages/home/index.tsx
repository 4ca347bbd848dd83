import { type BackOfficePageOf, inSection } from "../../page";
import { AccountPage, HomePage } from "./Home";

export const homePage: BackOfficePageOf<"home"> = {
  title: (_view, { t }) => t.homeTitle,
  section: inSection("home"),
  menu: { name: "Home" },
  Body: ({ view, t, viewer, sections }) =>
    viewer ? <HomePage view={view} t={t} viewer={viewer} sections={sections} /> : null,
};

export const accountPage: BackOfficePageOf<"account"> = {
  title: (_view, { t }) => t.accountTitle,
  section: inSection("account"),
  menu: { name: "Your account", describe: "Your two-step sign-in, and signing out everywhere." },
  Body: AccountPage,
};
