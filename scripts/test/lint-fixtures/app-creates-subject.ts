// Linted as card-remote/src: state kept in an app instead of shared.
import { BehaviorSubject } from 'rxjs';

export const selection = new BehaviorSubject<string | null>(null);
