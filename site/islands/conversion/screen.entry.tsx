/**
 * The offers page and the landing screens (decision 0470): the screen is one
 * island, on preact; the code form and a visitor's offers are chunks of their
 * own, loaded beside the catalogs when the page shows them, as the app does.
 */
import { ContactContext } from "../../components/TrustNotes";
import { screensPage } from "../../pages/screens";
import { ScreenContent } from "../../pages/screens/ScreenPage";
import { startIslands, viewOf } from "../start";

startIslands(
  {
    screen: (state) => (
      <ContactContext.Provider value={state.contact}>
        <ScreenContent locale={state.locale} today={state.today} view={viewOf(state, "screen")} />
      </ContactContext.Provider>
    ),
  },
  undefined,
  (state) => screensPage.preload?.(viewOf(state, "screen")) ?? Promise.resolve(),
);
