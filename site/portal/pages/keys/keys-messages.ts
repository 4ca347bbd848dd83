import { catalog } from "../../../../core/locale";
import type { OriginProblem, PortalRotatableKey } from "../../../../core/views/portal/keys";
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

const si: KeysMessages = {
  publishableTitle: "ප්‍රසිද්ධ යතුර",
  publishableHint:
    "මෙය රහසක් නොවේ: ඔබේ විජට් කේතයේ (partner ගුණාංගයේ) යොදන අතර, පහත සඳහන් මූලාරම්භවලින් පමණක් ක්‍රියා කරයි.",
  originsTitle: "අවසර ලත් මූලාරම්භ (origins)",
  originsLabel: "ඔබේ වෙබ් අඩවිවල මූලාරම්භ, පේළියකට එකක් බැගින්",
  originsHint:
    "උදා: https://www.example.lk — https:// සමඟ ඩොමේන් නාමය සහ ඇත්නම් port අංකය පමණයි; ඉන් පසු කිසිවක් නැත. විජට් එක ඔබේ ප්‍රසිද්ධ යතුර පිළිගන්නේ මෙම අඩවිවලින් පමණි; වෙනත් අඩවියකින් එය ප්‍රතික්ෂේප වේ.",
  originsLocalHint: "මෙම පරීක්ෂණ සේවාදායකයේ http://localhost (port අංකයක් සමඟ) ද පිළිගැනේ.",
  originsSave: "මූලාරම්භ සුරකින්න",
  originsSaved: "ඔබේ අවසර ලත් මූලාරම්භ සුරැකිණි.",
  originsEmpty: "තවම මූලාරම්භයක් නැත: ඔබේ ප්‍රසිද්ධ යතුර කිසිදු අඩවියකින් ක්‍රියා නොකරයි.",
  originsSummary: "සමහර පේළි අපට පිළිගත හැකි මූලාරම්භ නොවේ. කරුණාකර ඒවා නිවැරදි කරන්න:",
  originLine: "පේළිය {line}",
  originProblems: {
    invalid: "https://www.example.lk වැනි ලිපිනයක් නොවේ",
    https: "https:// වලින් ඇරඹිය යුතුය (http භාවිත කළ හැක්කේ පරීක්ෂණ සේවාදායකයක localhost සඳහා පමණි)",
    path: "මූලාරම්භය පමණක් දෙන්න: ඩොමේන් නාමයෙන් පසු ඇති මාර්ගය, ? හෝ # ඉවත් කරන්න",
    too_many: "උපරිමය මූලාරම්භ 20කි",
  },
  secretTitle: "රහස් යතුර",
  secretHint:
    "හවුල්කරු API (/api/partner/v1) සඳහා ඔබේ සේවාදායකයේ යතුරයි. අප තබා ගන්නේ එහි ඇඟිලි සලකුණක් පමණක් නිසා, එය නැවත පෙන්විය නොහැක. එය නැති වුවහොත්, හෝ වෙනත් අයෙකු එය දන්නවා විය හැකි නම්, අලුත් එකක් සාදන්න: පැරණි යතුර එකවරම ක්‍රියා විරහිත වේ.",
  postbackTitle: "Postback රහස",
  postbackHint:
    "අප යවන සෑම postback එකකටම මෙයින් අත්සන් කරමු (X-Signature ශීර්ෂය: අප ඉල්ලන URL එකේ HMAC-SHA256). වෙනත් අයෙකු එය දන්නවා විය හැකි නම් අලුත් එකක් සාදන්න; එතැන් සිට postback අත්සන් වන්නේ අලුත් රහසිනි.",
  rotate: {
    secret: "නව රහස් යතුරක් සාදන්න",
    postback: "නව postback රහසක් සාදන්න",
    publishable: "නව ප්‍රසිද්ධ යතුරක් සාදන්න",
  },
  confirmTitle: {
    secret: "නව රහස් යතුරක් සාදන්නද?",
    postback: "නව postback රහසක් සාදන්නද?",
    publishable: "නව ප්‍රසිද්ධ යතුරක් සාදන්නද?",
  },
  confirmText: {
    secret:
      "ඔබ තහවුරු කළ සැණින් වත්මන් රහස් යතුර ක්‍රියා විරහිත වේ: එයින් හවුල්කරු API වෙත එන ඉල්ලීම් ප්‍රතික්ෂේප වේ. නව යතුර වහාම ඔබේ සේවාදායකයට යොදන්න.",
    postback:
      "ඔබ තහවුරු කළ මොහොතේ සිට සෑම postback එකක්ම (පෙර ඒවායේ නැවත උත්සාහයන් ද) නව රහසින් අත්සන් වේ; ඔබේ සේවාදායකය අත්සන් පරීක්ෂා කළ යුත්තේ එයිනි.",
    publishable:
      "ඔබ තහවුරු කළ සැණින් වත්මන් ප්‍රසිද්ධ යතුර ක්‍රියා විරහිත වේ: ඔබේ පිටුවල විජට් කේතයට නව යතුර දමන තුරු විජට් එක දීමනා නොපෙන්වයි.",
  },
  confirmYes: {
    secret: "ඔව්, නව රහස් යතුරක් සාදන්න",
    postback: "ඔව්, නව postback රහසක් සාදන්න",
    publishable: "ඔව්, නව ප්‍රසිද්ධ යතුරක් සාදන්න",
  },
  cancel: "අවලංගු කරන්න",
  issuedTitle: {
    secret: "ඔබේ නව රහස් යතුර",
    postback: "ඔබේ නව postback රහස",
    publishable: "ඔබේ නව ප්‍රසිද්ධ යතුර",
  },
  issuedCopy:
    "එය දැන්ම පිටපත් කර ආරක්ෂිතව තබා ගන්න: අප එය පෙන්වන්නේ මෙවර පමණි. අප එය කියවිය හැකි ලෙස තබා නොගන්නා අතර ඊමේල් මගින්ද නොයවමු.",
  issuedNote: {
    secret: "පැරණි රහස් යතුර තවදුරටත් ක්‍රියා නොකරයි.",
    postback: "මෙතැන් සිට postback අත්සන් වන්නේ මෙම රහසිනි.",
    publishable:
      "පැරණි යතුර තවදුරටත් ක්‍රියා නොකරයි: සෑම පිටුවකම ඔබේ විජට් කේතයේ partner ගුණාංගය වෙනස් කරන්න (විජට් සාදනය නව කේතය දෙයි).",
  },
  backToKeys: "ඔබේ යතුරු වෙත ආපසු",
};

export const keysMessagesFor = catalog<KeysMessages>({ si, en, ta: keysTa });
