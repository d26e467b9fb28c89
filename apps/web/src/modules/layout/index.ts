export { MainLayout } from "./main-layout.tsx";
export { PageFrame } from "./page-frame.tsx";
