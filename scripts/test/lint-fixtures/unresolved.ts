// Linted as shared/src: an import the compiler could not resolve either.
import { missing } from './no-such-module';

export { missing };
