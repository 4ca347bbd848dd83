/** A lender's page (decision 0271): its logo, drawn as a monogram when the image cannot load. */
import { LenderPageLogo } from "../pages/lender/LenderPageLogo";
import { startIslands, viewOf } from "./start";

startIslands({
  "lender-logo": (state) => <LenderPageLogo view={viewOf(state, "lender")} />,
});
