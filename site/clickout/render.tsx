import { renderToString } from "react-dom/server";
import { lenderName } from "../../core/domain/offers";
import { escapeHtml } from "../../core/helpers/html";
import { fill } from "../../core/messages";
import type { AssetManifest, ClickoutView, RenderedPage } from "../../core/views/site-contract";
import { renderDocument } from "../document";
import { clickoutMessagesFor } from "../messages/clickout";
import { siteMessagesFor } from "../messages/index";
import { ClickoutPage } from "./ClickoutPage";

/**
 * The click-out page as a whole document: the site's stylesheet and no script (there is
 * nothing to hydrate), never indexed.
 */
export function renderClickoutDocument(view: ClickoutView, assets: AssetManifest): RenderedPage {
  const { locale } = view;
  const title = `${fill(clickoutMessagesFor(locale).clickoutTitle, {
    lender: lenderName(view.offer, locale),
  })} | ${siteMessagesFor(locale).siteName}`;
  const html = renderDocument({
    locale,
    headHtml: `<title>${escapeHtml(title)}</title><meta name="robots" content="noindex">`,
    bodyHtml: renderToString(<ClickoutPage view={view} />),
    assets,
  });
  return { status: 200, locale, html };
}
