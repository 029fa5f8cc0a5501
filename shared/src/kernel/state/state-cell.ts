import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

/**
 * The one place where shared creates an RxJS subject (docs/style.md, practice 3). A cell holds an immutable
 * value; consumers read it as an observable, as a snapshot, or through `subscribe` (the shape
 * React's useSyncExternalStore expects). Writes go only through the owning module's commands.
 */
export interface StateCell<T> {
  readonly value$: Observable<T>;
  get(): T;
  set(next: T): void;
  update(change: (current: T) => T): void;
  subscribe(listener: () => void): () => void;
}

export const createStateCell = <T>(initial: T): StateCell<T> => {
  const subject = new BehaviorSubject<T>(initial);
  const value$ = subject.asObservable().pipe(distinctUntilChanged());
  return {
    value$,
    get: () => subject.getValue(),
    set: (next) => {
      if (next !== subject.getValue()) subject.next(next);
    },
    update: (change) => {
      const next = change(subject.getValue());
      if (next !== subject.getValue()) subject.next(next);
    },
    subscribe: (listener) => {
      // skip the replay of the current value: useSyncExternalStore reads it through get()
      let first = true;
      const subscription = value$.subscribe(() => {
        if (first) first = false;
        else listener();
      });
      return () => subscription.unsubscribe();
    },
  };
};
