import { useEffect, useState } from "react";
import type { Locale } from "../../core/locale";

type PromptModule = typeof import("./PushPrompt");

/**
 * Where the push prompt goes on the offers page. The prompt shows only
 * after hydration anyway (the server cannot know the browser's
 * permission), so it and its copy are a chunk loaded then, not part of
 * every page's first script; both renders start empty, so hydration
 * matches. A failed load leaves the page as it is.
 */
export function PushPromptSlot({ locale }: { locale: Locale }) {
  const [module, setModule] = useState<PromptModule>();
  useEffect(() => {
    let shown = true;
    import("./PushPrompt").then(
      (loaded) => shown && setModule(loaded),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, []);
  return module ? <module.PushPrompt locale={locale} /> : null;
}
