import { preloadVerificationForm } from "../../components/verification-form";
import { definePage } from "../page";
import { preloadLeadOffers } from "./lead-offers";
import * as server from "./page.server";
import { ScreenPage } from "./ScreenPage";

export const screensPage = definePage({
  name: "screen",
  server,
  Component: ScreenPage,
  // An offers page renders the code form, or the visitor's offers, at once: their chunk comes first.
  preload: async (view) => {
    if (view?.pending) await preloadVerificationForm();
    if (view?.lead) await preloadLeadOffers();
  },
});
