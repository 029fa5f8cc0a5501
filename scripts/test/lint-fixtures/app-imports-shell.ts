// Linted as board-remote/src: a remote reaching into the shell.
import '../../shell/src/main';
