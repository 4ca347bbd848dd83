/** A bank's page (decision 0271): the calculator and the offers that fit its loan. */
import { OffersForLoan } from "../components/OffersForLoan";
import { startIslands, viewOf } from "./start";

startIslands({
  "offers-for-loan": (state) => (
    <OffersForLoan
      locale={state.locale}
      offers={viewOf(state, "bank").offers}
      today={state.today}
    />
  ),
});
