/**
 * The code form as the server (and the tests) render it: loaded with
 * everything else. The site's client build swaps this module for
 * verification-form.client.tsx, where the form and its copy are a chunk of
 * their own, loaded before the form shows (before hydration on an offers
 * page that asks for a code, or while an application is being sent).
 */
export { VerificationForm } from "./VerificationForm";

/** Everything is loaded here already. */
export async function preloadVerificationForm(): Promise<void> {}
