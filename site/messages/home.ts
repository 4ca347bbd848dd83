import { catalog } from "../../core/locale";
import { homeEn } from "./home-en";
import { homeSi } from "./home-si";
import { homeTa } from "./home-ta";

/**
 * The home page's own copy (steps, purposes, FAQ, benefits), apart from the
 * site's catalogs (decision 0170): the home page's server half sends it
 * with the page (HomePageView.copy), and the application's chunk reads the
 * purposes, so it weighs nothing on every page's first script.
 */
export type HomeMessages = { readonly [Key in keyof typeof homeEn]: string };

export const homeMessagesFor = catalog<HomeMessages>({ si: homeSi, en: homeEn, ta: homeTa });
