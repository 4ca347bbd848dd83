/** Built by site/content/plugin.mjs from the Markdown files; server side only. */
declare module "virtual:site-content" {
  const content: import("./types").SiteContent;
  export default content;
}
