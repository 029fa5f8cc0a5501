// Linted as shared/src/ui: the UI kit importing a feature.
import { selectMembers } from '../features/board/selectors';

export const members = selectMembers;
