import type { ComponentProps } from "react";
import { chunkLoader, useChunk } from "../use-chunk";

const loadForm = chunkLoader(() => import("./CommunityForm"));

/**
 * Where a comment or review form goes. The forms (and their checks) are a
 * chunk of their own, asked for once the page is hydrated, to keep them out
 * of every page's first script. Without JavaScript there is no form, and
 * nothing could send one (the API takes JSON only).
 */
export function CommunityFormSlot(
  props: ComponentProps<typeof import("./CommunityForm")["CommunityForm"]>,
) {
  const module = useChunk(loadForm);
  return module ? <module.CommunityForm {...props} /> : null;
}
