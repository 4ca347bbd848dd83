import { useEffect, useState } from "react";

/**
 * A chunk of the site's script that a part of the page needs only once it
 * is hydrated (a form, a prompt): asked for in an effect, so the server's
 * render and the browser's first render both go without it and hydration
 * matches. A failed load is forgotten, so the next part that asks tries
 * again; until then the part stays out, and the page works without it.
 */
export function chunkLoader<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** The chunk once it has arrived; `loader` comes from chunkLoader, made once per module. */
export function useChunk<Module>(loader: () => Promise<Module>): Module | undefined {
  const [module, setModule] = useState<Module>();
  useEffect(() => {
    let shown = true;
    loader().then(
      (loaded) => shown && setModule(() => loaded),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [loader]);
  return module;
}
