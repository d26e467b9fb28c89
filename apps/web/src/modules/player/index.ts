// The audio and video players (spec §1 floating player bar and inline video, §4 audio status).
export { PlayerBar } from "./player-bar.tsx";
export { VideoPlayer, type VideoPlayerProps } from "./video-player.tsx";
export { AudioCover, type AudioCoverProps } from "./audio-cover.tsx";
export { playerActions, togglePlayback, type PlayInput, PLAYBACK_RATES } from "./player.actions.ts";
export { usePlayer, type PlayerState, type PlayerStatus } from "./player.store.ts";
export { parseDuration, formatDuration } from "./duration.ts";
export { ControlButton } from "./control-button.tsx";
export { PlayPauseIcon } from "./play-pause-icon.tsx";
export { SeekSlider } from "./seek-slider.tsx";
