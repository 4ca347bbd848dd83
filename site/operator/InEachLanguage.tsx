import type { ReactNode } from "react";
import { ALL_LOCALES, LOCALES, type Locale } from "../../core/locale";

/**
 * The borrower's offer cards once per language, side by side on a wide
 * screen and one under another on a phone (operator.css), each in a box
 * with the widget's styles and its `lang`: the back office's lender preview
 * (decision 0142) and the lender portal's products (decision 0416).
 */
export function InEachLanguage({
  heading = (locale) => LOCALES[locale].english,
  children,
}: {
  /** Each box's heading and name; the language's name in English unless given. */
  heading?: ((locale: Locale) => string) | undefined;
  /** The cards in that language. */
  children: (locale: Locale) => ReactNode;
}) {
  return (
    <div className="preview-languages">
      {ALL_LOCALES.map((locale) => (
        <section key={locale} aria-label={heading(locale)} className="preview-language">
          <h3>{heading(locale)}</h3>
          <div className="lw-root" lang={locale}>
            {children(locale)}
          </div>
        </section>
      ))}
    </div>
  );
}
