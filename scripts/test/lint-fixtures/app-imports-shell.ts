// Linted as board-remote/src: a remote reaching into the shell.
import { App } from '../../shell/src/app';

export { App };
