import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { DEFAULT_LANGUAGE } from "@tidings/i18n";
import i18next from "i18next";
import type { ReactElement } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import app from "@tidings/i18n/locales/en/app.json";
import common from "@tidings/i18n/locales/en/common.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import settings from "@tidings/i18n/locales/en/settings.json";
import { createQueryClient } from "../../src/lib/query-client.ts";

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  resources: { en: { app, common, errors, settings } },
  defaultNS: "common",
  interpolation: { escapeValue: false },
});

/** Renders routes at `path` with the real English strings, a query client and a memory router. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element on its own route. */
export function renderPage(element: ReactElement, path = "/") {
  return renderRoutes([{ path: "*", element }], path);
}
