import { type BackOfficePageOf, inSection } from "../../page";
import { RecoveryCodesPage, TwoFactorPage } from "./TwoFactor";

export const twoFactorPage: BackOfficePageOf<"two-factor"> = {
  title: (_view, { t }) => t.twoFactorTitle,
  section: inSection("account"),
  Body: TwoFactorPage,
};

export const recoveryCodesPage: BackOfficePageOf<"recovery-codes"> = {
  title: (_view, { t }) => t.recoveryTitle,
  section: inSection("account"),
  Body: RecoveryCodesPage,
};
