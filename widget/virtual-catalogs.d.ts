/** Each locale's catalog file and its SRI hash, from the build (rollup.config.mjs, widgetCatalogs). */
declare module "virtual:widget-catalogs" {
  const files: Record<import("../core/locale").Locale, readonly [file: string, integrity: string]>;
  export default files;
}
