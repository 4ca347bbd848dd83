import type { SiteMessages } from "./index";

/** The site's own Sinhala copy, the default language (SPEC §2). */
export const siteSi = {
  siteName: "NayaCompare",
  siteTagline: "බලපත්‍රලාභී ණය දෙන්නන්ගේ ණය දීමනා නොමිලේ සසඳන්න",
  skipToContent: "ප්‍රධාන අන්තර්ගතයට යන්න",
  languageSwitch: "English",
  languageSwitchLabel: "මෙම පිටුව ඉංග්‍රීසියෙන් කියවන්න",
  homeTitle: "එකම අයදුම්පතකින් ඔබට ගැළපෙන ණය දීමනා",
  homeIntro:
    "අපි ණය දෙන්නෙක් නොවෙමු. එක් අයදුම්පතක් පුරවන්න; ඔබට ගැළපෙන බලපත්‍රලාභී ණය දෙන්නන්ගේ දීමනා අපි ඔබට පෙන්වමු. මෙම සේවාව ඔබට සම්පූර්ණයෙන්ම නොමිලේ.",
  notFoundTitle: "පිටුව හමු නොවීය",
  notFoundText: "සමාවන්න, ඔබ සොයන පිටුව අපට සොයාගත නොහැක.",
  getMoney: "මුදල් ලබා ගන්න",
  errorTitle: "යම් දෝෂයක් සිදු විය",
  errorText: "කරුණාකර මොහොතකින් නැවත උත්සාහ කරන්න.",
  footerIntermediary:
    "මෙම වෙබ් අඩවිය ණය දෙන්නෙකු නොවන, අතරමැදි සේවාවක් සපයන සමාගමකට අයත් වේ. ණය ගිවිසුම් සම්බන්ධයෙන් එම සමාගම වගකීමක් නොදරයි.",
} as const satisfies SiteMessages;
