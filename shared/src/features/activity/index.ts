// The activity feature's public file: the history of a board or a card, its sentences and its
// list view.
export { useActivity, type UseActivityResult } from './use-activity';
export { ActivityFeed, memberNames, type ActivityFeedProps } from './activity-feed';
export { activitySentence, activityLine, relativeTime } from './activity-sentence';
export type { ActivityEntry, ActivityScope } from './activity-types';
