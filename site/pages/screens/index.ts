import { preloadVerificationForm } from "../../components/verification-form";
import { definePage } from "../page";
import * as server from "./page.server";
import { ScreenPage } from "./ScreenPage";

export const screensPage = definePage({
  name: "screen",
  server,
  Component: ScreenPage,
  // An offers page that asks for a code renders the code form at once: its chunk comes first.
  preload: async (view) => {
    if (view?.pending) await preloadVerificationForm();
  },
});
