// Text-to-speech (spec §9 entry action "text to speech"): the server's voice (POST /ai/speech)
// or the browser's, in a small player of its own.
export { SpeechPlayer } from "./speech-player.tsx";
export { speechActions } from "./speech.actions.ts";
export { useSpeech } from "./speech.store.ts";
