import { Alert } from "../../../operator/fields";
import { CodeForm, SecretKey } from "../../../operator/SignIn";
import { inSection, type PortalPageOf } from "../../page";
import { Saying } from "../../parts";
import { APP_CODE } from "../sign-in";

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
      <>
        {view.state.wrong ? <Alert>{t.codeWrong}</Alert> : null}
        <p>{t.twoFactorIntro}</p>
        <p>{t.twoFactorScan}</p>
        <SecretKey
          qr={view.state.qr}
          secret={view.state.secret}
          words={{ qr: t.twoFactorQr, key: t.twoFactorKey }}
        />
        <p>{t.twoFactorConfirm}</p>
        <CodeForm
          action={`${base}two-factor/`}
          csrf={view.csrf}
          label={t.code}
          accepts={APP_CODE}
          submit={t.twoFactorTurnOn}
        />
      </>
    );
  },
};
