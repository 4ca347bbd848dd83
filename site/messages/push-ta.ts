import type { PushMessages } from "./push";

/**
 * The push prompt's Tamil copy (issue 20), beside push.ts's two catalogs.
 * Not yet served: docs/tamil-wiring.md (push.ts's catalogs record).
 */
export const pushTa = {
  pushTitle: "கடன் வழங்குநர் பதிலளிக்கும்போது அறிய விரும்புகிறீர்களா?",
  pushText:
    "கடன் வழங்குநர் ஒருவர் உங்கள் விண்ணப்பத்தை அங்கீகரிக்கும்போது, நிராகரிக்கும்போது அல்லது பணத்தை வழங்கும்போது இந்தச் சாதனத்துக்கு ஓர் அறிவித்தலை அனுப்பலாம். வேறு எதுவும் இல்லை; எந்த நேரத்திலும் உங்கள் உலாவியில் அதை நிறுத்தலாம்.",
  pushAllow: "அனுமதியுங்கள்",
  pushReject: "வேண்டாம், நன்றி",
  pushOn: "சரி: இந்தச் சாதனத்துக்கு அறிவிப்போம்.",
  pushDenied: "இந்த உலாவியில் அறிவித்தல்கள் தடுக்கப்பட்டுள்ளன; எனவே எதையும் அனுப்ப மாட்டோம்.",
  pushFailed: "இந்த உலாவியில் அறிவித்தல்களை இயக்க முடியவில்லை. உங்கள் சலுகைகள் இந்தப் பக்கத்திலேயே இருக்கும்.",
} as const satisfies PushMessages;
