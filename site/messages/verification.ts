import { catalog } from "../../core/locale";
import { verificationEn } from "./verification-en";
import { verificationSi } from "./verification-si";
import { verificationTa } from "./verification-ta";

/**
 * The code step's catalogs, apart from the site's: only the code form's
 * chunk (site/components/VerificationForm.tsx) and the offers page's server
 * half load them, so they weigh nothing on a page's first script.
 */
export type VerificationMessages = { readonly [Key in keyof typeof verificationEn]: string };

export const verificationMessagesFor = catalog<VerificationMessages>({
  si: verificationSi,
  en: verificationEn,
  ta: verificationTa,
});
