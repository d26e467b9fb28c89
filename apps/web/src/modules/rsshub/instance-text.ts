import type { RsshubInstance } from "@tidings/contracts";
import type { TFunction } from "i18next";

/** Whether only the owner may use it (a user limit of 0 or 1). */
export const isPrivate = (instance: Pick<RsshubInstance, "userLimit">) => instance.userLimit !== null && instance.userLimit <= 1;

/** Whether others pay to use it (the owner never does). */
export const isPaidFor = (instance: Pick<RsshubInstance, "price" | "isOwner">) => instance.price > 0 && !instance.isOwner;

/** What the list calls an instance: its description, else its address (the owner's), else "Unnamed". */
export const instanceName = (instance: Pick<RsshubInstance, "description" | "baseUrl">, t: TFunction<"app">) =>
  instance.description.trim() || instance.baseUrl || t("rsshub.unnamed");

/** "Free" or "N POWER / month". */
export const priceText = (price: number, t: TFunction<"app">) => (price > 0 ? t("rsshub.price_month", { price }) : t("rsshub.free"));

/** "Private", "count / limit" or "count / ∞". */
export function usersText(instance: Pick<RsshubInstance, "userLimit" | "userCount">, t: TFunction<"app">): string {
  if (isPrivate(instance)) return t("rsshub.users_private");
  if (instance.userLimit === null) return t("rsshub.users_unlimited", { count: instance.userCount });
  return t("rsshub.users_limited", { count: instance.userCount, limit: instance.userLimit });
}
