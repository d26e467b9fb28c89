import { queryOptions } from "@tanstack/react-query";
import type { StatusConfigs } from "@tidings/contracts";
import { api } from "../lib/api-client.ts";

/** GET /status/configs (public): the instance's limits and the inbox e-mail suffix. */
export const statusConfigsQuery = queryOptions({
  queryKey: ["status", "configs"] as const,
  queryFn: () => api<StatusConfigs>("status/configs"),
  staleTime: 60 * 60 * 1000,
});
