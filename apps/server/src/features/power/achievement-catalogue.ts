/**
 * What a reader's progress towards an achievement counts (achievements.repo.ts turns each into one
 * capped query). An achievement that needs audit has no measure: a reader submits a payload and an
 * admin approves it.
 */
export type AchievementMeasure =
  /** Feeds the reader has claimed (`feeds.owner_user_id`). */
  | "claimedFeeds"
  /** Lists the reader owns. */
  | "ownedLists"
  /** Subscribers (other than the owner) of the reader's most followed list. */
  | "topListSubscribers"
  /** Feeds and lists the reader follows. */
  | "follows"
  /** Entries the reader has read. */
  | "reads"
  /** Tips the reader has sent. */
  | "tipsSent"
  /** Boosts the reader has bought. */
  | "boosts"
  /** The reader's invitations that someone used. */
  | "invitationsUsed";

export interface AchievementDefinition {
  /** The reference's numeric id, which the client's names and icons key on. */
  actionId: number;
  key: string;
  /** Shown in the reward's transaction comment ("Achievement: <name>"). */
  name: string;
  /** In whole POWER. */
  reward: number;
  progressMax: number;
  /** Null: completed only when an admin approves what the reader submitted (achievement audit). */
  measure: AchievementMeasure | null;
}

/**
 * The achievements of this instance (reference facts §5, plus the first follow, reads,
 * first tip and invitation). Ids 6, 7 and 9 are the reference's and stay unused here: 7 (Alpha
 * Tester) has no meaning on a self-hosted instance.
 */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { actionId: 0, key: "feed_owner", name: "Feed Owner", reward: 50, progressMax: 1, measure: "claimedFeeds" },
  { actionId: 1, key: "list_creator", name: "List Creator", reward: 20, progressMax: 1, measure: "ownedLists" },
  { actionId: 2, key: "list_subscribers_50", name: "List with 50 subscribers", reward: 30, progressMax: 50, measure: "topListSubscribers" },
  { actionId: 3, key: "list_subscribers_100", name: "List with 100 subscribers", reward: 50, progressMax: 100, measure: "topListSubscribers" },
  { actionId: 4, key: "list_subscribers_500", name: "List with 500 subscribers", reward: 100, progressMax: 500, measure: "topListSubscribers" },
  { actionId: 5, key: "tell_us_how", name: "Tell us how you use Tidings", reward: 50, progressMax: 1, measure: null },
  { actionId: 8, key: "feed_booster", name: "Feed Booster", reward: 30, progressMax: 1, measure: "boosts" },
  { actionId: 10, key: "first_follow", name: "First follow", reward: 10, progressMax: 1, measure: "follows" },
  { actionId: 11, key: "reader", name: "Reader", reward: 20, progressMax: 100, measure: "reads" },
  { actionId: 12, key: "first_tip", name: "First tip", reward: 10, progressMax: 1, measure: "tipsSent" },
  { actionId: 13, key: "invited_a_friend", name: "Invited a friend", reward: 30, progressMax: 1, measure: "invitationsUsed" },
];

export const findAchievement = (actionId: number): AchievementDefinition | undefined => ACHIEVEMENTS.find((entry) => entry.actionId === actionId);

export const needsAudit = (entry: AchievementDefinition): boolean => entry.measure === null;
