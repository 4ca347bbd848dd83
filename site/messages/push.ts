import { catalog } from "../../core/locale";
import { pushTa } from "./push-ta";

/**
 * The push prompt's copy (issue 6), apart from the site's catalogs: only the
 * prompt's chunk (site/components/PushPrompt.tsx) loads it, after hydration,
 * so it weighs nothing on a page's first script.
 */
const pushEn = {
  pushTitle: "Hear when a lender answers?",
  pushText:
    "We can send a notification to this device when a lender approves, turns down or pays out your application. Nothing else, and you can turn it off in your browser at any time.",
  pushAllow: "Allow",
  pushReject: "No, thanks",
  pushOn: "Done: we will let you know on this device.",
  pushDenied: "Notifications are blocked in this browser, so we will not send any.",
  pushFailed: "We could not turn on notifications in this browser. Your offers stay on this page.",
} as const;

const pushSi = {
  pushTitle: "ණය දෙන්නා පිළිතුරු දුන් විට දැනගන්න කැමතිද?",
  pushText:
    "ණය දෙන්නෙක් ඔබේ අයදුම්පත අනුමත කළ විට, ප්‍රතික්ෂේප කළ විට හෝ මුදල් ගෙවූ විට අපට මෙම උපාංගයට දැනුම්දීමක් එවිය හැක. වෙන කිසිවක් නැත; ඕනෑම වේලාවක ඔබේ බ්‍රවුසරයෙන් එය නවත්විය හැක.",
  pushAllow: "ඉඩ දෙන්න",
  pushReject: "එපා, ස්තූතියි",
  pushOn: "හරි: අපි මෙම උපාංගයට දැනුම් දෙන්නෙමු.",
  pushDenied: "මෙම බ්‍රවුසරයේ දැනුම්දීම් අවහිර කර ඇති නිසා අපි කිසිවක් නොඑවන්නෙමු.",
  pushFailed: "මෙම බ්‍රවුසරයේ දැනුම්දීම් සක්‍රිය කළ නොහැකි විය. ඔබේ දීමනා මෙම පිටුවේම ඇත.",
} as const satisfies { readonly [Key in keyof typeof pushEn]: string };

export type PushMessages = { readonly [Key in keyof typeof pushEn]: string };

export const pushMessagesFor = catalog<PushMessages>({ si: pushSi, en: pushEn, ta: pushTa });
