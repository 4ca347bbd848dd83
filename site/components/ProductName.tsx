import { productName } from "../../core/domain/offers";
import type { Offer } from "../../core/domain/schemas/offer";
import type { Locale } from "../../core/locale";

export interface ProductNameProps {
  offer: Pick<Offer, "header" | "headers">;
  /** The page's language. */
  locale: Locale;
  /** The element that holds the name (a heading, or a span inside a sentence). */
  as?: "h2" | "h3" | "span" | "strong";
  id?: string | undefined;
  className?: string | undefined;
}

/**
 * A product's name as every list and page shows it (issue 32): in the page's language when
 * the lender gave it one (core/domain/offers.ts `productName`), else the name it gave, its element
 * marked with that name's language (`lang="en"`) so that a screen reader reads it as written.
 */
export function ProductName({
  offer,
  locale,
  as: Element = "span",
  id,
  className,
}: ProductNameProps) {
  const name = productName(offer, locale);
  return (
    <Element id={id} className={className} lang={name.lang === locale ? undefined : name.lang}>
      {name.text}
    </Element>
  );
}
