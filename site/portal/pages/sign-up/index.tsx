import { Notice } from "../../../operator/fields";
import type { PortalPageOf } from "../../page";
import { Saying } from "../../parts";
import { SignUpPage } from "./SignUp";

export const signUpPage: PortalPageOf<"sign-up"> = {
  title: (_view, { t }) => t.signUpTitle,
  Body: SignUpPage,
};

export const checkEmailPage: PortalPageOf<"check-email"> = {
  title: (_view, { t }) => t.checkEmailTitle,
  Body: ({ t, base }) => (
    <Saying t={t} base={base}>
      <Notice>{t.checkEmail}</Notice>
    </Saying>
  ),
};

export const verifyPage: PortalPageOf<"verify"> = {
  title: (_view, { t }) => t.verifyTitle,
  Body: ({ view, t, base }) => (
    <>
      <p>{t.verifyIntro}</p>
      <form method="post" action={`${base}verify/`}>
        <input type="hidden" name="token" value={view.token} />
        <button type="submit">{t.verify}</button>
      </form>
    </>
  ),
};
