/**
 * The home page (decision 0271): its content is one island, the calculator's
 * loan going into every "apply" link; the header and footer stay server HTML.
 */
import { ContactContext } from "../components/TrustNotes";
import { HomeContent } from "../pages/home/HomePage";
import { startIslands, viewOf } from "./start";

startIslands({
  home: (state) => (
    <ContactContext.Provider value={state.contact}>
      <HomeContent locale={state.locale} today={state.today} view={viewOf(state, "home")} />
    </ContactContext.Provider>
  ),
});
