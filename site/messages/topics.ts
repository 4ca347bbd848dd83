import { catalog } from "../../core/locale";

/**
 * A blog topic's page's title and description (decision 0318), apart from
 * the site's catalogs: only the page's server half reads them and puts them
 * in its view, so they weigh nothing on every page's first script (as 0170).
 */
const topicsEn = {
  topicTitle: "{tag}: articles and guides",
  topicDescription:
    "Our guides on the topic “{tag}”: practical money tips for households in Sri Lanka, newest first.",
};

export type TopicMessages = { readonly [Key in keyof typeof topicsEn]: string };

const topicsSi: TopicMessages = {
  topicTitle: "{tag}: ලිපි සහ මාර්ගෝපදේශ",
  topicDescription:
    "“{tag}” මාතෘකාව යටතේ අපගේ මාර්ගෝපදේශ: ශ්‍රී ලංකාවේ පවුල් සඳහා ප්‍රායෝගික මුදල් උපදෙස්, අලුත්ම ලිපි මුලින්.",
};

const topicsTa: TopicMessages = {
  topicTitle: "{tag}: கட்டுரைகளும் வழிகாட்டிகளும்",
  topicDescription:
    "“{tag}” என்ற தலைப்பிலான எங்கள் வழிகாட்டிகள்: இலங்கைக் குடும்பங்களுக்கான நடைமுறைப் பண ஆலோசனைகள், புதியவை முதலில்.",
};

export const topicMessagesFor = catalog<TopicMessages>({
  si: topicsSi,
  en: topicsEn,
  ta: topicsTa,
});
