import type { BackOfficePageOf } from "../../page";
import { SignInCodePage, SignInPage } from "./SignIn";

export const signInPage: BackOfficePageOf<"sign-in"> = {
  title: (_view, { t }) => t.signInTitle,
  Body: SignInPage,
};

export const signInCodePage: BackOfficePageOf<"sign-in-code"> = {
  title: (_view, { t }) => t.codeTitle,
  Body: SignInCodePage,
};
