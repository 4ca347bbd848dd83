import type { ComponentType } from "react";

/**
 * A page as a chunk of its own in the site's client build (decision 0035), so
 * that every other page does not carry it: `load` imports the chunk, and
 * `preload` (the page's own, in its definition) calls it before the page
 * renders, before hydration and before an in-app navigation shows it, so the
 * page renders at once, the same as the server's HTML. Used by a page's
 * `lazy.client.tsx`, which the client build takes for its `lazy.ts` (where
 * the server and the tests get the page itself).
 */
export function lazyPage<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): { preload(): Promise<void>; Component: ComponentType<Props> } {
  let loaded: ComponentType<Props> | undefined;
  return {
    async preload() {
      loaded ??= await load();
    },
    Component(props) {
      if (!loaded) throw new Error(`The ${name} page rendered before its preload`);
      const Loaded = loaded;
      return <Loaded {...props} />;
    },
  };
}
