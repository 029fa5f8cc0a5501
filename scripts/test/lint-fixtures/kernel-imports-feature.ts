// Linted as shared/src/kernel: the kernel importing a feature.
import { selectLists } from '../features/board/selectors';

export const lists = selectLists;
