// The store under test, imported from the package's public surface.
export { BoardStore, selectCardsByList, selectLists } from '../src/index';
export { getToasts as getToastsForTest } from '../src/toast/toast-store';
