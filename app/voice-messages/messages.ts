// Voice message constants shared by the page (browser) and app/voice-messages/messages.server.ts.
export const VOICE_LANGUAGES = ["en", "id", "fil"] as const;
export type VoiceLanguage = (typeof VOICE_LANGUAGES)[number];
export const VOICES = ["female", "male"] as const;
export type Voice = (typeof VOICES)[number];
export const MESSAGE_MAX = 500;
