import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { connectivity } from "./lib/connectivity.ts";
import { desktopBridge } from "./lib/desktop-bridge.ts";
import { loadImageConfig } from "./lib/image-proxy.ts";
import { registerNavigate } from "./lib/navigation.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { registerQueryClient } from "./lib/query-client-instance.ts";
import { reportError } from "./lib/telemetry/report.ts";
import { startAppBadge, startDesktopLink } from "./modules/desktop/boot.ts";
import { captureInstallPrompt } from "./modules/pwa/boot.ts";
import { startColorMode } from "./modules/theme/index.ts";
import { handleApiError, Toaster } from "./modules/toast/index.ts";
import { createRouter } from "./router.tsx";
import { createStartupSteps } from "./startup/steps.ts";
import { runStartup } from "./startup/startup.ts";
import "./styles.css";

startColorMode();
connectivity.listen();
// The browser offers the install once, early: kept for Settings → General.
captureInstallPrompt();
void loadImageConfig();

const queryClient = createQueryClient(handleApiError);
registerQueryClient(queryClient);
const router = createRouter();
registerNavigate((to) => void router.navigate(to));
// In the desktop shell, the page talks to it (spec §2); installed as an app, its icon shows the unread count.
if (desktopBridge) startDesktopLink(desktopBridge, queryClient);
else startAppBadge();

// Spec §4 start-up order; the app renders once the local steps are done.
await runStartup(
  createStartupSteps({
    queryClient,
    currentPath: () => router.state.location.pathname,
    onNavigate: (listener) => {
      let last = router.state.location.pathname;
      router.subscribe((state) => {
        if (state.location.pathname === last) return;
        last = state.location.pathname;
        listener(last);
      });
    },
  }),
);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* Route errors show the error page and are reported (spec §2, §7). */}
      <RouterProvider router={router} onError={(error) => reportError(error)} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
