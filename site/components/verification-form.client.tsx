import type { ComponentProps } from "react";
import type { VerificationForm as Form } from "./VerificationForm";

/**
 * The browser's side of verification-form.ts: the code form is a chunk of
 * its own, so that pages without it do not carry it. It is loaded before
 * it renders, so it renders at once, the same as the server's HTML.
 */
let verificationForm: typeof Form | undefined;
let loading: Promise<void> | undefined;

export function preloadVerificationForm(): Promise<void> {
  loading ??= import("./VerificationForm").then(
    (module) => {
      verificationForm = module.VerificationForm;
    },
    (error: unknown) => {
      // Asked for again by the next preload.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function VerificationForm(props: ComponentProps<typeof Form>) {
  if (!verificationForm) throw new Error("The code form rendered before its preload");
  const Loaded = verificationForm;
  return <Loaded {...props} />;
}
