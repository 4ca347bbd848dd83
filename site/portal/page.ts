import type { Locale } from "../../core/locale";
import type { PortalSection, PortalView } from "../../core/views/partner-portal";
import type { OperatorPage, ViewNamed } from "../operator/page";
import type { PortalMessages } from "./messages";

/** What every portal page renders with besides its view. */
export interface PortalContext {
  t: PortalMessages;
  /** The portal's address in the page's language, ending in a slash. */
  base: string;
  locale: Locale;
}

/** A portal page: a folder under pages/ defines it, pages/registry.ts lists it. */
export type PortalPageOf<Name extends PortalView["page"]> = OperatorPage<
  ViewNamed<PortalView, Name>,
  PortalContext,
  PortalSection
>;

/** A page that always belongs to one section of the signed-in menu. */
export function inSection(section: PortalSection): () => PortalSection {
  return () => section;
}
