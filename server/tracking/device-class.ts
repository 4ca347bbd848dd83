/**
 * The class of device an event came from, read from its User-Agent header
 * (issue 16's "by device class"): only the class is stored, never the
 * header itself, which is a fingerprint. Crawlers and tools are "bot"; a
 * request without the header is "unknown".
 */
export const DEVICE_CLASSES = ["mobile", "tablet", "desktop", "bot", "unknown"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const BOT = /bot|crawl|spider|slurp|headless|lighthouse|curl|wget|python|java\/|go-http|node/i;
const TABLET = /ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i;
const MOBILE = /mobi|iphone|ipod|android|blackberry|opera mini|iemobile|windows phone/i;

export function deviceClassOf(userAgent: string | undefined): DeviceClass {
  if (!userAgent) return "unknown";
  if (BOT.test(userAgent)) return "bot";
  if (TABLET.test(userAgent)) return "tablet";
  if (MOBILE.test(userAgent)) return "mobile";
  return "desktop";
}
