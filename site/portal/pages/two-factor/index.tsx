import { TurnOnSecondFactor } from "../../../operator/SignIn";
import { inSection, type PortalPageOf } from "../../page";
import { Saying } from "../../parts";

export const twoFactorPage: PortalPageOf<"two-factor"> = {
  title: (_view, { t }) => t.twoFactorTitle,
  section: inSection("account"),
  Body: ({ view, t, base }) => {
    if (view.state.on)
      return (
        <Saying t={t} base={base}>
          <p>{t.twoFactorOn}</p>
        </Saying>
      );
    return (
      <TurnOnSecondFactor
        t={t}
        action={`${base}two-factor/`}
        csrf={view.csrf}
        qr={view.state.qr}
        secret={view.state.secret}
        wrong={view.state.wrong}
      />
    );
  },
};
