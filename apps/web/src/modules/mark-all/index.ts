export { confirmMarkAllRead } from "./confirm-mark-all.tsx";
