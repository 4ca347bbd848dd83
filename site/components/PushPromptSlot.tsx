import type { Locale } from "../../core/locale";
import { chunkLoader, useChunk } from "./use-chunk";

const loadPrompt = chunkLoader(() => import("./PushPrompt"));

/**
 * Where the push prompt goes on the offers page. The prompt shows only
 * after hydration anyway (the server cannot know the browser's
 * permission), so it and its copy are a chunk, not part of every page's
 * first script.
 */
export function PushPromptSlot({ locale }: { locale: Locale }) {
  const module = useChunk(loadPrompt);
  return module ? <module.PushPrompt locale={locale} /> : null;
}
