// Linted as team-remote/src: shared's internals by a relative path, around its public entry.
import { remoteModules } from '../../shared/src/contracts/remotes';

export { remoteModules };
