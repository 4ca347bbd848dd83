import type { ReactNode } from "react";
import { ALL_LOCALES, LOCALES, type Locale } from "../../core/locale";

/**
 * The borrower's offer cards once per language, side by side on a wide
 * screen and one under another on a phone (operator.css), each in a box
 * with the widget's styles and its `lang`: the back office's lender preview
 * (decision 0142) and the lender portal's products (decision 0416).
 */
export function InEachLanguage({
  ownNames = false,
  children,
}: {
  /** Each box headed by its language's own name (`lang` on it), not by its English name. */
  ownNames?: boolean | undefined;
  /** The cards in that language. */
  children: (locale: Locale) => ReactNode;
}) {
  return (
    <div className="preview-languages">
      {ALL_LOCALES.map((locale) => (
        <section
          key={locale}
          // Headed by its own name, the whole box is in its language.
          lang={ownNames ? locale : undefined}
          aria-label={ownNames ? LOCALES[locale].label : LOCALES[locale].english}
          className="preview-language"
        >
          <h3>{ownNames ? LOCALES[locale].label : LOCALES[locale].english}</h3>
          <div className="lw-root" lang={locale}>
            {children(locale)}
          </div>
        </section>
      ))}
    </div>
  );
}
