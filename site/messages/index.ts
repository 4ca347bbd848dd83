import { catalog, type Locale } from "../../core/locale";
import { type Messages, messagesFor } from "../../core/messages";
import { applicationEn } from "./application-en";
import { applicationSi } from "./application-si";
import { applicationTa } from "./application-ta";
import { communityEn } from "./community-en";
import { communitySi } from "./community-si";
import { communityTa } from "./community-ta";
import { siteEn } from "./en";
import { siteSi } from "./si";
import { siteTa } from "./ta";
import { trustEn } from "./trust-en";
import { trustSi } from "./trust-si";
import { trustTa } from "./trust-ta";

/** Every site catalog has exactly the keys of the English one (checked by the compiler in si.ts). */
export type SiteMessages = { readonly [Key in keyof typeof siteEn]: string };

const catalogs: Record<Locale, SiteMessages> = { si: siteSi, en: siteEn, ta: siteTa };

const merged: Partial<Record<Locale, SiteMessages & Messages>> = {};

/**
 * The site's copy together with the shared copy of core/ (the widget's), merged
 * when first asked for: in the browser, Tamil's catalogs arrive with a Tamil
 * page's first render, not with the script (decision 0304).
 */
export function siteMessagesFor(locale: Locale): SiteMessages & Messages {
  merged[locale] ??= { ...messagesFor(locale), ...catalogs[locale] };
  return merged[locale];
}

/** The site's own catalog alone, for the catalog checks. */
export function siteCatalog(locale: Locale): SiteMessages {
  return catalogs[locale];
}

// The home page's copy has a module of its own (decision 0170): only the server and the
// application's chunk load it, never every page's first script.
export { type HomeMessages, homeMessagesFor } from "./home";

export type ApplicationMessages = { readonly [Key in keyof typeof applicationEn]: string };

/** The application form's own copy (labels, steps, consents, error texts). */
export const applicationMessagesFor = catalog<ApplicationMessages>({
  si: applicationSi,
  en: applicationEn,
  ta: applicationTa,
});

export type CommunityMessages = { readonly [Key in keyof typeof communityEn]: string };

/** Comments, ratings, views, customer reviews and the offers sidebar (issue 7). */
export const communityMessagesFor = catalog<CommunityMessages>({
  si: communitySi,
  en: communityEn,
  ta: communityTa,
});

export type TrustMessages = { readonly [Key in keyof typeof trustEn]: string };

/** The trust notes' copy (issue 17): who we are, how we earn, CRIB, data, a person to reach. */
export const trustMessagesFor = catalog<TrustMessages>({ si: trustSi, en: trustEn, ta: trustTa });
