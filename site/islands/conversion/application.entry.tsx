/**
 * The application page (decision 0470): the form is one island, on preact;
 * the code form after it is sent stays a chunk of its own, loaded while it is sent.
 */
import { ContactContext } from "../../components/TrustNotes";
import { ApplicationForm } from "../../pages/application/ApplicationPage";
import { startIslands, viewOf } from "../start";

startIslands({
  application: (state) => (
    <ContactContext.Provider value={state.contact}>
      <ApplicationForm
        locale={state.locale}
        today={state.today}
        view={viewOf(state, "application")}
      />
    </ContactContext.Provider>
  ),
});
