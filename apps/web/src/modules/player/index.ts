// The audio and video players (spec §1 floating player bar and inline video, §4 audio status).
export { PlayerBar } from "./player-bar.tsx";
export { VideoPlayer } from "./video-player.tsx";
export { AudioCover } from "./audio-cover.tsx";
export { playerActions, togglePlayback } from "./player.actions.ts";
export { usePlayer } from "./player.store.ts";
export { parseDuration, formatDuration } from "./duration.ts";
export { ControlButton } from "./control-button.tsx";
export { PlayPauseIcon } from "./play-pause-icon.tsx";
export { SeekSlider } from "./seek-slider.tsx";
