export { SubscriptionColumn } from "./subscription-column.tsx";
