import type { QueryClient } from "@tanstack/react-query";

let client: QueryClient | null = null;

/** The app's query client, for code outside React (actions). */
export function queryClient(): QueryClient {
  if (!client) throw new Error("The query client is not registered yet");
  return client;
}

export function registerQueryClient(instance: QueryClient): void {
  client = instance;
}
