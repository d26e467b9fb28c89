// The desktop shell's side in the page (spec §2): the sign-in hand-off page. Start-up wiring is in boot.ts.
export { DesktopAuthPage } from "./desktop-auth.tsx";
