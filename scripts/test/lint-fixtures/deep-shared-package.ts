// Linted as team-remote/src: shared's internals by package name; `exports` does not list them.
import { remoteModules } from '@taskflow/shared/src/contracts/remotes';

export { remoteModules };
