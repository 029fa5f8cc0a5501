// Linted as shared/src/features/activity: a feature reaching into another feature's files.
import { selectMembers } from '../board/selectors';

export const members = selectMembers;
