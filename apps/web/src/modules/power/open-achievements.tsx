import i18next from "i18next";
import { modal } from "../modal/index.ts";
import { AchievementsList } from "./achievements-list.tsx";

export const ACHIEVEMENTS_DIALOG_ID = "power-achievements";

/** Opens the achievements (the user menu's "Achievements"). */
export function openAchievementsDialog(): void {
  modal.present({
    id: ACHIEVEMENTS_DIALOG_ID,
    title: i18next.t("app:power.achievements.title"),
    size: "md",
    content: () => (
      <div className="p-5">
        <AchievementsList />
      </div>
    ),
  });
}
