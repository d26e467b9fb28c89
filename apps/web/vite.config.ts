import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress.ts";

// `npm run dev` serves the client here with hot reload and forwards /api to the server.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: { "/api": { target: process.env.API_URL ?? "http://localhost:3000", changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Source maps unless WEB_SOURCEMAPS=false (the container image leaves them out).
    sourcemap: process.env.WEB_SOURCEMAPS !== "false",
    chunkSizeWarningLimit: 600,
  },
});
