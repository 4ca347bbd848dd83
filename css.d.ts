/** CSS files imported as text (`./file.css?raw`), as Vite and our rollup plugin provide them. */
declare module "*.css?raw" {
  const css: string;
  export default css;
}
