import { LenderLogo } from "../../../widget/components/LenderLogo";
import type { LenderView } from "./page.server";

/** The lender's logo, or its monogram when the image cannot load: an island (decision 0271). */
export function LenderPageLogo({ view }: { view: LenderView }) {
  return (
    <LenderLogo
      id={view.slug}
      name={view.englishName}
      logo={view.logo}
      assetBase=""
      size={64}
      className="lender-logo"
    />
  );
}
