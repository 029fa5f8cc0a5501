// Linted as card-remote/src: a remote reaching into another remote.
import BoardColumns from '../../board-remote/src/board-columns';

export { BoardColumns };
