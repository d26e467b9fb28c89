export { confirmMarkAllRead, MARK_ALL_COUNTDOWN_SECONDS } from "./confirm-mark-all.tsx";
