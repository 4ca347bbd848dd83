import type { LeadStatusChange } from "./clicks";

/**
 * What a push notification says in Tamil (issue 20), by status, beside
 * push.ts's NOTIFICATIONS. Not yet sent: docs/tamil-wiring.md says where it
 * goes (NOTIFICATIONS, notificationPayload's url, pushNotifier's locale).
 */
export const NOTIFICATIONS_TA = {
  title: "உங்கள் கடன் விண்ணப்பம்",
  approved: "ஒரு கடன் வழங்குநர் உங்கள் விண்ணப்பத்தை அங்கீகரித்துள்ளார். அடுத்த படியைப் பார்க்கச் சலுகைகளைத் திறவுங்கள்.",
  rejected: "ஒரு கடன் வழங்குநர் உங்கள் விண்ணப்பத்தை நிராகரித்துள்ளார். ஏனைய சலுகைகள் இன்னும் உங்களுக்குப் பொருந்தலாம்.",
  issued: "உங்கள் கடன் தொகை வழங்கப்பட்டுவிட்டதாகக் கடன் வழங்குநர் அறிவிக்கிறார்.",
} as const satisfies Record<"title" | LeadStatusChange["status"], string>;
