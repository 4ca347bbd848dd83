import { formatRupees } from "../../../../core/helpers/money";
import { fill } from "../../../../core/messages";
import {
  type LenderProductView,
  PRODUCT_NAME_LANGUAGES,
  type ProductsView,
} from "../../../../core/views/lender-portal";
import { Alert, CsrfField, Labelled, Notice } from "../../../operator/fields";
import { ProductCards } from "../../../operator/ProductCards";
import type { LenderPortalMessages } from "../../messages";
import type { LenderPageOf } from "../../page";

/**
 * The borrower's card of one product in every language, as the offers page
 * draws it (LeadOfferCard) for an application the product matches: its
 * names as typed or saved, its figures for a loan inside its ranges.
 */
function Cards({
  product,
  view,
  t,
}: {
  product: LenderProductView;
  view: ProductsView;
  t: LenderPortalMessages;
}) {
  const { card } = product;
  if (!card) return null;
  const { amount, termDays } = card;
  const titleId = `product-${product.offerId}-cards`;
  return (
    <section aria-labelledby={titleId} className="lender-cards">
      <h3 id={titleId}>{t.products.cards}</h3>
      <p>{fill(t.products.loan, { amount: formatRupees(amount), days: termDays })}</p>
      <ProductCards
        offers={[card.offer]}
        amount={amount}
        termDays={termDays}
        today={view.today}
        ownNames
        ctaHref={`#${titleId}`}
        idOf={(_offerId, locale) => `${titleId}-${locale}`}
      />
    </section>
  );
}

/** One product: its names in a form (Preview, Save), what became of them, and its cards. */
function Product({
  product,
  view,
  t,
  base,
}: {
  product: LenderProductView;
  view: ProductsView;
  t: LenderPortalMessages;
  base: string;
}) {
  const id = `product-${product.offerId}`;
  const words = t.products;
  const notice = product.state === "refused" ? undefined : product.state;
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="lender-product">
      <h2 id={`${id}-title`}>{product.header}</h2>
      {product.state === "refused" ? <Alert>{words.refused}</Alert> : null}
      {notice ? <Notice>{words[notice]}</Notice> : null}
      <form method="post" action={`${base}products/${product.offerId}`}>
        <CsrfField csrf={view.csrf} />
        {PRODUCT_NAME_LANGUAGES.map((language) => {
          const problem = product.problems?.[language];
          return (
            <Labelled
              key={language}
              id={`${id}-${language}`}
              label={words.nameIn[language]}
              hint={language === "ta" ? words.hintTamil : words.hint}
              problem={problem ? words.problems[problem] : undefined}
            >
              {(control) => (
                <input
                  name={language}
                  type="text"
                  lang={language}
                  maxLength={100}
                  required={language !== "ta"}
                  autoComplete="off"
                  defaultValue={product.names[language]}
                  {...control}
                />
              )}
            </Labelled>
          );
        })}
        <p className="lender-buttons">
          {/* First, so that Enter in a field previews and never saves. */}
          <button type="submit" name="intent" value="preview" className="secondary">
            {words.preview}
          </button>
          <button type="submit" name="intent" value="save">
            {words.save}
          </button>
        </p>
      </form>
      <Cards product={product} view={view} t={t} />
    </section>
  );
}

/** The lender's products (decision 0415): names in si, en and ta, and the borrower's cards. */
export const productsPage: LenderPageOf<"products"> = {
  title: (_view, { t }) => t.products.title,
  section: () => "products",
  Body: ({ view, t, base }) => (
    <>
      <p>{t.products.intro}</p>
      {view.products.length === 0 ? <p>{t.products.none}</p> : null}
      {view.products.map((product) => (
        <Product key={product.offerId} product={product} view={view} t={t} base={base} />
      ))}
    </>
  ),
};
