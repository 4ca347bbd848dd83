import type { SiteMessages } from "./index";

/** The site's own Sinhala copy, the default language (SPEC §2). */
export const siteSi = {
  siteName: "NayaCompare",
  siteTagline: "බලපත්‍රලාභී ආයතනවල ණය දීමනා නොමිලේ සසඳන්න",
  skipToContent: "ප්‍රධාන අන්තර්ගතයට යන්න",
  languageSwitch: "English",
  homeTitle: "එකම අයදුම්පතකින් ඔබට ගැළපෙන ණය දීමනා",
  homeIntro:
    "අපි ණය දෙන ආයතනයක් නොවෙමු. එක් අයදුම්පතක් පුරවන්න. බලපත්‍රලාභී ණය දෙන ආයතනවලින් ඔබට ගැළපෙන දීමනා අපි පෙන්වන්නෙමු. අපගේ සේවාව ඔබට නොමිලේ.",
  notFoundTitle: "පිටුව හමු නොවීය",
  notFoundText: "සමාවන්න, ඔබ සොයන පිටුව අපට සොයාගත නොහැක.",
  getMoney: "මුදල් ලබා ගන්න",
  errorTitle: "යම් දෝෂයක් සිදු විය",
  errorText: "කරුණාකර මොහොතකින් නැවත උත්සාහ කරන්න.",
  footerIntermediary:
    "මෙම වෙබ් අඩවිය අයත් වන්නේ ණය දෙන ආයතනයකට නොව, අතරමැදියෙකු ලෙස ක්‍රියා කරන සමාගමකටය. ණය ගිවිසුම් සම්බන්ධයෙන් එම සමාගම වගකීමක් නොදරයි.",
} as const satisfies SiteMessages;
