// The store under test (the apps get its one instance, `boardStore`), and its selectors.
export { BoardStore } from '../src/features/board/board-store';
export { selectCardsByList, selectLists } from '../src/index';
export { getToasts as getToastsForTest } from '../src/kernel/toast/toast-store';
