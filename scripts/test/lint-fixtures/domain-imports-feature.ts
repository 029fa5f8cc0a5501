// Linted as shared/src/domain: the domain importing a feature.
import { groupMyTasks } from '../features/my-tasks/grouping';

export const groups = groupMyTasks;
