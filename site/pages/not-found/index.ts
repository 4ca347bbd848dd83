import type { SiteMessages } from "../page";

export { NotFoundPage } from "./NotFoundPage";

/** The head of the 404 page (SPEC §8): not indexed, so no canonical link. */
export function notFoundHead(t: SiteMessages) {
  return { title: `${t.notFoundTitle} | ${t.siteName}`, description: t.siteTagline };
}
