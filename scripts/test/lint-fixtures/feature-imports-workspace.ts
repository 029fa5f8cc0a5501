// Linted as shared/src/features/activity: a feature importing the composition root.
import { boardStore } from '../../workspace/workspace';

export const store = boardStore;
