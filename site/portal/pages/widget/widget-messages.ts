import { catalog, type Locale } from "../../../../core/locale";
import type {
  BuilderProblem,
  ContrastWarning,
  LinkTarget,
  PartnerAs,
  WidgetColourField,
  WidgetElementName,
} from "../../../../core/views/portal/widget";
import { widgetTa } from "./widget-messages-ta";

/** The words of the portal's widget and link builder (issue 18); the compiler checks both. */
const en = {
  intro:
    "Put our loan calculator on your blog or site: copy the code below and paste it into your page. Every application made through it counts for you.",
  widgetTitle: "Change what it shows",
  elementLegend: "What to show",
  elements: {
    "loan-widget": "The whole widget: amount, the eligibility check, then the offers",
    "loan-calculator": "The loan calculator alone",
    "loan-eligibility": "The eligibility check alone",
    "loan-offers": "The list of offers alone",
  } satisfies Record<WidgetElementName, string>,
  langLegend: "Language of the widget",
  languages: { si: "Sinhala", en: "English", ta: "Tamil" } satisfies Record<Locale, string>,
  amount: "Amount it starts with (rupees)",
  amountHint: "From Rs. 5,000 to Rs. 200,000.",
  period: "Repayment period it starts with",
  days: (days: number) => `${days} days`,
  months: (months: number) => `${months} months`,
  looksLegend: "Colours and corners",
  looksHint: "Colours as hex codes, like #0b6e4f. Leave them as they are for our own colours.",
  colours: {
    accent: "Main colour (amounts, sliders, buttons)",
    on_accent: "Text on buttons",
    text: "Text",
    surface: "Background",
  } satisfies Record<WidgetColourField, string>,
  radius: "Corner radius (pixels, 0 to 32)",
  subsLegend: "Your sub ids (optional)",
  subsHint:
    "Your own codes to tell your pages or campaigns apart in your figures: letters, digits and . _ - : ~, up to 100 characters, never personal data.",
  partnerAsLegend: "How the widget names you",
  partnerAs: {
    key: "By your publishable key: your page views count too, but the widget works only on your registered sites",
    id: "By your partner id: works on any site; page views are not counted for you",
  } satisfies Record<PartnerAs, string>,
  originsNone:
    "You have not registered a site yet: a widget named by your publishable key cannot load the offers anywhere. Add your sites under Keys.",
  originsSome: "Your registered sites:",
  keysLink: "Change them under Keys",
  showWidget: "Show the code",
  checkFields: "Please check the fields marked below.",
  previewTitle: "Preview",
  previewNote:
    "This is our widget itself, as your visitors will see it. Nothing done here counts: no page views, no applications.",
  previewNeedsScript: "The preview needs JavaScript, which is off in this browser.",
  contrast: {
    text: "The text and the background are hard to tell apart. Aim for stronger contrast (4.5 to 1).",
    accent:
      "The main colour is hard to read on the background. Aim for stronger contrast (4.5 to 1).",
    button:
      "The text on buttons is hard to read on the main colour. Aim for stronger contrast (4.5 to 1).",
  } satisfies Record<ContrastWarning, string>,
  codeTitle: "Copy this code",
  codeLabel: "Paste it into your page where the calculator should appear",
  codeHint:
    "The script is pinned to this version of the widget: the integrity hash makes browsers refuse any other file.",
  codeBlocked: "Correct the fields marked above to get your code.",
  copy: "Copy",
  copied: "Copied.",
  copyFailed: "Could not copy. Select the text and copy it yourself.",
  selectHint: "No Copy button? Tap in the box, select all and copy.",
  iframeTitle: "Your blog removes scripts? Use this code instead",
  iframeIntro:
    "Some blog hosts delete code with <script> in it. This second code shows the same calculator in a frame and needs no script.",
  iframeLabel: "The frame code",
  hostsTitle: "How to paste it on WordPress or Blogger",
  wordpress: "WordPress",
  wordpressSteps: [
    "Open your post or page, press + and add a “Custom HTML” block.",
    "Paste the first code into it and publish.",
    "On your own WordPress site, publish it from an Administrator or Editor account: WordPress removes both codes from the posts of Authors and Contributors.",
    "On WordPress.com’s free, Personal and Premium plans both codes are removed when you save: use a tracking link below (in a Buttons block or any link) instead. A WordPress.com plan with plugins, or your own WordPress site, keeps the first code.",
  ],
  wordpressScreens: {
    inserter:
      "WordPress’s block editor: + pressed and “Custom HTML” typed in the search, which offers the Custom HTML block.",
    pasted: "A Custom HTML block holding the first code, before Publish.",
    published: "The published post on a phone: the loan calculator under the post’s title.",
  },
  wordpressScreensNote:
    "Screens of WordPress 6.1 on a test site of our own; your WordPress may look a little different. Open a picture to see it at full size.",
  blogger: "Blogger",
  bloggerSteps: [
    "For the side bar: Layout, then “Add a Gadget”, then “HTML/JavaScript”. Paste the first code and save.",
    "Inside a post: switch the editor to HTML view, paste the frame code where the calculator should appear, and publish.",
    "Open your blog to check: if the calculator is missing, use the other code.",
  ],
  advanced: "Advanced: colours, sub ids, publishable key and sites",
  linkTitle: "Make a tracking link",
  linkIntro:
    "A link to our site with your partner id: an application made in that visit counts for you, with the values you add here.",
  linkToLegend: "Where it goes",
  linkTargets: {
    home: "Our home page",
    application: "The application form",
  } satisfies Record<LinkTarget, string>,
  linkLangLegend: "Language of the page",
  linkValuesLegend: "Sub ids and campaign (optional)",
  makeLink: "Make the link",
  linkLabel: "Your link",
  linkBlocked: "Correct the fields marked above to get your link.",
  problems: {
    choice: "Choose one of the options.",
    notNumber: "Enter the amount in whole rupees, like 50000.",
    tooSmall: "Choose an amount from Rs. 5,000 to Rs. 200,000.",
    tooLarge: "Choose an amount from Rs. 5,000 to Rs. 200,000.",
    colour: "Enter a colour as a hex code, like #0b6e4f.",
    radius: "Enter a whole number of pixels from 0 to 32.",
    code: "Use up to 100 letters, digits or . _ - : ~ (no spaces).",
    personal:
      "This looks like personal data (an e-mail, a phone or an NIC number). Use a code of your own.",
  } satisfies Record<BuilderProblem, string>,
};

export type WidgetMessages = typeof en;

const si: WidgetMessages = {
  intro:
    "අපේ ණය ගණකය ඔබේ බ්ලොග් එකට හෝ වෙබ් අඩවියට දමන්න: පහත කේතය පිටපත් කර ඔබේ පිටුවට අලවන්න. එය හරහා කරන සෑම අයදුම්පතක්ම ඔබට ගණන් වේ.",
  widgetTitle: "එහි පෙන්වන දේ වෙනස් කරන්න",
  elementLegend: "පෙන්වන්නේ කුමක්ද",
  elements: {
    "loan-widget": "සම්පූර්ණ විජට් එක: මුදල, සුදුසුකම් පරීක්ෂාව, පසුව ණය දීමනා",
    "loan-calculator": "ණය ගණකය පමණක්",
    "loan-eligibility": "සුදුසුකම් පරීක්ෂාව පමණක්",
    "loan-offers": "ණය දීමනා ලැයිස්තුව පමණක්",
  },
  langLegend: "විජට් එකේ භාෂාව",
  languages: { si: "සිංහල", en: "ඉංග්‍රීසි", ta: "දෙමළ" },
  amount: "ආරම්භක මුදල (රුපියල්)",
  amountHint: "රු. 5,000 සිට රු. 200,000 දක්වා.",
  period: "ආරම්භක ආපසු ගෙවීමේ කාලය",
  days: (days: number) => `දින ${days}`,
  months: (months: number) => `මාස ${months}`,
  looksLegend: "වර්ණ සහ කොන්",
  looksHint: "වර්ණ hex කේත ලෙස, උදා. #0b6e4f. අපේම වර්ණ සඳහා ඒවා එලෙසම තබන්න.",
  colours: {
    accent: "ප්‍රධාන වර්ණය (මුදල්, ස්ලයිඩර, බොත්තම්)",
    on_accent: "බොත්තම් මත අකුරු",
    text: "අකුරු",
    surface: "පසුබිම",
  },
  radius: "කොන්වල වක්‍රය (පික්සල, 0 සිට 32 දක්වා)",
  subsLegend: "ඔබේ sub id (අවශ්‍ය නම් පමණක්)",
  subsHint:
    "ඔබේ පිටු හෝ ප්‍රචාරණ එකිනෙකින් වෙන් කර ඔබේ සංඛ්‍යාවල බැලීමට ඔබේම කේත: අකුරු, ඉලක්කම් සහ . _ - : ~, අකුරු 100ක් දක්වා. කිසිවිටෙක පුද්ගලික දත්ත නොවේ.",
  partnerAsLegend: "විජට් එක ඔබව හඳුන්වන්නේ කෙසේද",
  partnerAs: {
    key: "ඔබේ publishable key මගින්: පිටු නැරඹීම් ද ඔබට ගණන් වේ, නමුත් විජට් එක වැඩ කරන්නේ ඔබ ලියාපදිංචි කළ අඩවිවල පමණි",
    id: "ඔබේ හවුල්කරු id මගින්: ඕනෑම අඩවියක වැඩ කරයි; පිටු නැරඹීම් ඔබට ගණන් නොවේ",
  },
  originsNone:
    "ඔබ තවම කිසිදු අඩවියක් ලියාපදිංචි කර නැත: publishable key මගින් හඳුන්වන විජට් එකකට කොතැනකවත් ණය දීමනා පෙන්විය නොහැක. “යතුරු” කොටසේ ඔබේ අඩවි එක් කරන්න.",
  originsSome: "ඔබ ලියාපදිංචි කළ අඩවි:",
  keysLink: "ඒවා “යතුරු” කොටසේ වෙනස් කරන්න",
  showWidget: "කේතය පෙන්වන්න",
  checkFields: "කරුණාකර පහත සලකුණු කළ ක්ෂේත්‍ර පරීක්ෂා කරන්න.",
  previewTitle: "පෙරදසුන",
  previewNote:
    "මේ ඔබේ අමුත්තන්ට පෙනෙන ආකාරයටම අපේ විජට් එකයි. මෙහි කරන කිසිවක් ගණන් නොවේ: පිටු නැරඹීම් හෝ අයදුම්පත් නැත.",
  previewNeedsScript: "පෙරදසුනට JavaScript අවශ්‍යයි. මෙම බ්‍රවුසරයේ එය අක්‍රියයි.",
  contrast: {
    text: "අකුරු සහ පසුබිම එකිනෙකින් වෙන් කර හඳුනා ගැනීම අපහසුයි. වඩා පැහැදිලි වෙනසක් (4.5 : 1) තෝරන්න.",
    accent: "පසුබිම මත ප්‍රධාන වර්ණය කියවීම අපහසුයි. වඩා පැහැදිලි වෙනසක් (4.5 : 1) තෝරන්න.",
    button: "ප්‍රධාන වර්ණය මත බොත්තම්වල අකුරු කියවීම අපහසුයි. වඩා පැහැදිලි වෙනසක් (4.5 : 1) තෝරන්න.",
  },
  codeTitle: "මෙම කේතය පිටපත් කරන්න",
  codeLabel: "ණය ගණකය පෙනිය යුතු තැනට, ඔබේ පිටුවට එය අලවන්න",
  codeHint:
    "ස්ක්‍රිප්ට් එක විජට් එකේ මෙම අනුවාදයටම සවි කර ඇත: integrity hash නිසා බ්‍රවුසර වෙනත් ඕනෑම ගොනුවක් ප්‍රතික්ෂේප කරයි.",
  codeBlocked: "ඔබේ කේතය ලබා ගැනීමට ඉහත සලකුණු කළ ක්ෂේත්‍ර නිවැරදි කරන්න.",
  copy: "පිටපත් කරන්න",
  copied: "පිටපත් විය.",
  copyFailed: "පිටපත් කළ නොහැකි විය. පෙළ තෝරා ඔබම පිටපත් කරන්න.",
  selectHint: "පිටපත් කිරීමේ බොත්තමක් නැද්ද? කොටුව තුළ තට්ටු කර, සියල්ල තෝරා පිටපත් කරන්න.",
  iframeTitle: "ඔබේ බ්ලොග් එක ස්ක්‍රිප්ට් ඉවත් කරයිද? ඒ වෙනුවට මෙම කේතය භාවිත කරන්න",
  iframeIntro:
    "සමහර බ්ලොග් සේවා <script> ඇති කේතය මකා දමයි. මෙම දෙවන කේතය එම ණය ගණකයම රාමුවක් තුළ පෙන්වන අතර එයට ස්ක්‍රිප්ට් අවශ්‍ය නැත.",
  iframeLabel: "රාමු කේතය",
  hostsTitle: "WordPress හෝ Blogger වෙත එය අලවන්නේ කෙසේද",
  wordpress: "WordPress",
  wordpressSteps: [
    "ඔබේ ලිපිය හෝ පිටුව විවෘත කර, + ඔබා “Custom HTML” block එකක් එක් කරන්න.",
    "පළමු කේතය එයට අලවා ප්‍රකාශයට පත් කරන්න.",
    "ඔබේම WordPress අඩවියේ, එය Administrator හෝ Editor ගිණුමකින් ප්‍රකාශයට පත් කරන්න: Author සහ Contributor ගිණුම්වල ලිපිවලින් WordPress කේත දෙකම ඉවත් කරයි.",
    "WordPress.com හි නොමිලේ, Personal සහ Premium සැලසුම්වල, සුරකින විට කේත දෙකම ඉවත් වේ: ඒ වෙනුවට පහත ලුහුබැඳීමේ සබැඳියක් (Buttons block එකක හෝ ඕනෑම සබැඳියක) භාවිත කරන්න. plugins සහිත WordPress.com සැලසුමක් හෝ ඔබේම WordPress අඩවියක් පළමු කේතය තබා ගනී.",
  ],
  wordpressScreens: {
    inserter: "WordPress block editor: + ඔබා, සෙවුමේ “Custom HTML” ලියූ විට Custom HTML block එක පෙන්වයි.",
    pasted: "පළමු කේතය ඇලවූ Custom HTML block එකක්, Publish කිරීමට පෙර.",
    published: "දුරකථනයක ප්‍රකාශිත ලිපිය: ලිපියේ මාතෘකාවට යටින් ණය ගණකය.",
  },
  wordpressScreensNote:
    "අපේම පරීක්ෂණ අඩවියක WordPress 6.1 හි තිර; ඔබේ WordPress මඳක් වෙනස් ලෙස පෙනිය හැක. පින්තූරයක් සම්පූර්ණ ප්‍රමාණයෙන් බැලීමට එය විවෘත කරන්න.",
  blogger: "Blogger",
  bloggerSteps: [
    "පැති තීරුව සඳහා: Layout, පසුව “Add a Gadget”, පසුව “HTML/JavaScript”. පළමු කේතය අලවා සුරකින්න.",
    "ලිපියක් තුළ: සංස්කාරකය HTML දසුනට මාරු කර, ණය ගණකය පෙනිය යුතු තැනට රාමු කේතය අලවා ප්‍රකාශයට පත් කරන්න.",
    "පරීක්ෂා කිරීමට ඔබේ බ්ලොග් එක විවෘත කරන්න: ණය ගණකය නොපෙනේ නම්, අනෙක් කේතය භාවිත කරන්න.",
  ],
  advanced: "උසස්: වර්ණ, sub id, publishable key සහ අඩවි",
  linkTitle: "ලුහුබැඳීමේ සබැඳියක් සාදන්න",
  linkIntro:
    "ඔබේ හවුල්කරු id සහිත, අපේ අඩවියට යන සබැඳියක්: එම පැමිණීමේදී කරන අයදුම්පතක් ඔබ මෙහි එක් කරන අගයන් සමඟ ඔබට ගණන් වේ.",
  linkToLegend: "එය යන්නේ කොතැනටද",
  linkTargets: {
    home: "අපේ මුල් පිටුව",
    application: "අයදුම්පත",
  },
  linkLangLegend: "පිටුවේ භාෂාව",
  linkValuesLegend: "Sub id සහ ප්‍රචාරණය (අවශ්‍ය නම් පමණක්)",
  makeLink: "සබැඳිය සාදන්න",
  linkLabel: "ඔබේ සබැඳිය",
  linkBlocked: "ඔබේ සබැඳිය ලබා ගැනීමට ඉහත සලකුණු කළ ක්ෂේත්‍ර නිවැරදි කරන්න.",
  problems: {
    choice: "දී ඇති විකල්පවලින් එකක් තෝරන්න.",
    notNumber: "මුදල සම්පූර්ණ රුපියල්වලින් ඇතුළත් කරන්න, උදා. 50000.",
    tooSmall: "රු. 5,000 සිට රු. 200,000 දක්වා මුදලක් තෝරන්න.",
    tooLarge: "රු. 5,000 සිට රු. 200,000 දක්වා මුදලක් තෝරන්න.",
    colour: "වර්ණය hex කේතයක් ලෙස ඇතුළත් කරන්න, උදා. #0b6e4f.",
    radius: "0 සිට 32 දක්වා පික්සල ගණනක් පූර්ණ සංඛ්‍යාවකින් ඇතුළත් කරන්න.",
    code: "අකුරු, ඉලක්කම් හෝ . _ - : ~ පමණක්, 100ක් දක්වා භාවිත කරන්න (හිස්තැන් නැතිව).",
    personal: "මෙය පුද්ගලික දත්ත (ඊමේල්, දුරකථන හෝ ජා.හැ.අ. අංකයක්) ලෙස පෙනේ. ඔබේම කේතයක් භාවිත කරන්න.",
  },
};

export const widgetMessagesFor = catalog<WidgetMessages>({ si, en, ta: widgetTa });
