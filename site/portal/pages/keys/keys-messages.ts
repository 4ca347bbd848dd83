import { catalog } from "../../../../core/locale";
import type { OriginProblem, PortalRotatableKey } from "../../../../core/views/portal/keys";
import { keysSi } from "./keys-messages-si";
import { keysTa } from "./keys-messages-ta";

/** The keys page's words (issue 18), in all three languages; the compiler checks each. */
const en = {
  publishableTitle: "Publishable key",
  publishableHint:
    "Public: it goes in your widget's snippet (the partner attribute) and works only from the origins below.",
  originsTitle: "Allowed origins",
  originsLabel: "Your sites' origins, one per line",
  originsHint:
    "Like https://www.example.lk: the scheme, the host and a port if any, nothing after. The widget sends your publishable key only from these sites; from any other it is refused.",
  originsLocalHint: "On this test server, http://localhost (with a port) is accepted too.",
  originsSave: "Save the origins",
  originsSaved: "Your allowed origins are saved.",
  originsEmpty: "No origin yet: your publishable key works from no site.",
  originsSummary: "Some lines are not origins we can accept. Please correct them:",
  originLine: "Line {line}",
  originProblems: {
    invalid: "not an address like https://www.example.lk",
    https: "must start with https:// (http only for localhost on a test server)",
    path: "only the origin: remove the path, ? or # after the host",
    too_many: "at most 20 origins",
  } satisfies Record<OriginProblem, string>,
  secretTitle: "Secret key",
  secretHint:
    "Your server's key for the partner API (/api/partner/v1). We keep only a fingerprint of it, so we cannot show it again. If it is lost, or someone else may know it, make a new one: the old one stops working at once.",
  postbackTitle: "Postback secret",
  postbackHint:
    "We sign every postback with it (the X-Signature header: HMAC-SHA256 of the URL we request). Make a new one if someone else may know it; postbacks are signed with the new one at once.",
  rotate: {
    secret: "Make a new secret key",
    postback: "Make a new postback secret",
    publishable: "Make a new publishable key",
  } satisfies Record<PortalRotatableKey, string>,
  confirmTitle: {
    secret: "Make a new secret key?",
    postback: "Make a new postback secret?",
    publishable: "Make a new publishable key?",
  } satisfies Record<PortalRotatableKey, string>,
  confirmText: {
    secret:
      "Your current secret key stops working as soon as you confirm: calls to the partner API with it are refused. Put the new key on your server straight away.",
    postback:
      "From the moment you confirm, every postback (retries of earlier ones too) is signed with the new secret, and your server must check signatures with it.",
    publishable:
      "Your current publishable key stops working as soon as you confirm: the widget on your pages stops showing offers until its snippet carries the new key.",
  } satisfies Record<PortalRotatableKey, string>,
  confirmYes: {
    secret: "Yes, make a new secret key",
    postback: "Yes, make a new postback secret",
    publishable: "Yes, make a new publishable key",
  } satisfies Record<PortalRotatableKey, string>,
  cancel: "Cancel",
  issuedTitle: {
    secret: "Your new secret key",
    postback: "Your new postback secret",
    publishable: "Your new publishable key",
  } satisfies Record<PortalRotatableKey, string>,
  issuedCopy:
    "Copy it now and keep it safe: this is the only time we show it. We do not keep it in plain, and it is not sent by e-mail.",
  issuedNote: {
    secret: "The old secret key no longer works.",
    postback: "Postbacks are signed with this secret from now on.",
    publishable:
      "The old key no longer works: change the partner attribute in your widget's snippet on every page (the widget builder gives the new snippet).",
  } satisfies Record<PortalRotatableKey, string>,
  backToKeys: "Back to your keys",
};

export type KeysMessages = typeof en;

export const keysMessagesFor = catalog<KeysMessages>({ si: keysSi, en, ta: keysTa });
