import { QueryClientProvider } from "@tanstack/react-query";
import i18next from "i18next";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { toast } from "sonner";
import { initI18n } from "./lib/i18n.ts";
import { registerNavigate } from "./lib/navigation.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { registerQueryClient } from "./lib/query-client-instance.ts";
import { startColorMode } from "./modules/theme/index.ts";
import { handleApiError, Toaster } from "./modules/toast/index.ts";
import { createRouter } from "./router.tsx";
import { connectivity } from "./lib/connectivity.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import "./styles.css";

startColorMode();
connectivity.listen();
registerServiceWorker();
await initI18n(() => toast.error(i18next.t("failed_language_pack")));

const queryClient = createQueryClient(handleApiError);
registerQueryClient(queryClient);
const router = createRouter();
registerNavigate((to) => void router.navigate(to));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
