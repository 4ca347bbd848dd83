import { type ComponentProps, useEffect, useState } from "react";

type FormModule = typeof import("./CommunityForm");
let loading: Promise<FormModule> | undefined;

/**
 * Where a comment or review form goes. The forms (and their checks) are a
 * chunk of their own, asked for once the page is hydrated, to keep them out
 * of every page's first script; both renders start without the form, so
 * hydration matches. Without JavaScript there is no form, and nothing
 * could send one (the API takes JSON only). A failed load is tried again
 * the next time a form is shown.
 */
export function CommunityFormSlot(props: ComponentProps<FormModule["CommunityForm"]>) {
  const [module, setModule] = useState<FormModule>();
  useEffect(() => {
    let shown = true;
    loading ??= import("./CommunityForm").catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    loading.then(
      (loaded) => shown && setModule(loaded),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, []);
  return module ? <module.CommunityForm {...props} /> : null;
}
